/**
 * Operator queries over many pages (issue 14: PostgreSQL answers `site:`, `filetype:`, `intitle:`
 * and `inurl:` from lexemes of `tsv`, see fact-tokens.ts): the same answers on both databases,
 * the best match first, values with quotes and backslashes, and documents indexed before
 * migration 0014 gaining the lexemes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_TEST_DIALECTS, openIndexTestDatabase, type IndexTestDatabase } from '../../tests/support/index-databases.js';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';
import { migrateToLatest } from '../db/migrate.js';
import { parseQuery } from '../search/query.js';
import type { IndexablePage } from './documents.js';
import { createIndexStore, type IndexStore } from './store.js';

const NOW = new Date(Date.UTC(2026, 0, 10));
const HOSTS = ['example.org', 'docs.example.org', 'example.com', 'blog.example.net', 'quarry-example.org'];
const FILLER = ['basalt', 'marble', 'slate', 'gneiss', 'schist', 'chalk'];

function page(url: string, title: string, body: string): IndexablePage {
  const host = new URL(url).hostname;
  return {
    url,
    host,
    title,
    body,
    lang: 'en',
    country: 'us',
    records: [{ vertical: 'web', item: { title, url, description: body.slice(0, 60) }, text: body }],
  };
}

/** 240 pages that mention granite in their text, on five hosts, a third of them PDFs. */
const PAGES: IndexablePage[] = Array.from({ length: 240 }, (_, i) => {
  const host = HOSTS[i % HOSTS.length] ?? 'example.org';
  const ext = i % 3 === 0 ? '.pdf' : '.html';
  const filler = FILLER[i % FILLER.length] ?? 'slate';
  return page(
    `https://${host}/stone/${filler}-${i}${ext}`,
    `Notes on ${filler} number ${i}`,
    `A ${filler} slab beside granite blocks, item ${i}, in the yard.`,
  );
});
/** The one page about granite, in its title, indexed last. */
const BEST = page(
  'https://docs.example.org/guide/granite-guide.pdf',
  'Granite quarrying guide',
  'Granite granite granite: how a granite quarry cuts its blocks.',
);
const ODD = page("https://odd.example.org/it's.b'c", 'An odd file', 'A granite note with a quote in its path.');

const QUERIES = [
  'granite site:example.org filetype:pdf -basalt',
  'granite -site:example.com inurl:guide',
  'intitle:granite filetype:pdf',
  'allintitle: granite guide',
  'granite OR marble -intitle:notes',
  'intitle:notes -filetype:html basalt',
  'site:example.org -filetype:pdf',
  'inurl:marble -site:docs.example.org',
  'intitle:"quarrying guide"',
  "filetype:b'c",
];

for (const dialect of INDEX_TEST_DIALECTS) {
  describe(`operator queries over many pages on ${dialect}`, () => {
    let database: IndexTestDatabase;
    let store: IndexStore;
    beforeAll(async () => {
      database = await openIndexTestDatabase(dialect);
      store = createIndexStore(database.handle.db, dialect);
      for (const indexable of [...PAGES, ODD, BEST]) await store.putPage(indexable, { source: 'import', now: NOW });
    });
    afterAll(async () => database?.close());

    const urls = async (q: string) =>
      (await store.search({ vertical: 'web', query: parseQuery(q), num: 100, page: 1, window: { sortByDate: false }, lang: 'en', country: 'us' })).map((hit) =>
        'url' in hit.item ? hit.item.url : '',
      );

    it('returns the best-ranked match first', async () => {
      for (const q of [
        'granite site:example.org filetype:pdf -basalt',
        'granite -site:example.com inurl:guide',
        'allintitle: granite guide',
        'granite -intitle:notes',
      ]) {
        expect([q, (await urls(q))[0]]).toEqual([q, BEST.url]);
      }
    });

    it('suggests titles by their words only, never by an operator lexeme', async () => {
      expect(await store.suggest('gr', 5)).toEqual(['Granite quarrying guide']);
      for (const prefix of ['si', 'site', 'in', 'intitle', 'filet']) expect([prefix, await store.suggest(prefix, 5)]).toEqual([prefix, []]);
    });

    it('finds exactly the pages each operator means', async () => {
      const all = [...PAGES, ODD, BEST];
      const expectations: Record<string, (p: IndexablePage) => boolean> = {
        'granite site:example.org filetype:pdf -basalt': (p) =>
          /^https:\/\/([^/]+\.)?example\.org\//.test(p.url) && p.url.endsWith('.pdf') && !p.body.includes('basalt'),
        'intitle:notes -filetype:html basalt': (p) => p.title.includes('Notes') && !p.url.endsWith('.html') && /\bbasalt\b/.test(`${p.title} ${p.body}`),
        'inurl:marble -site:docs.example.org': (p) => p.url.includes('marble') && !p.url.includes('docs.example.org'),
        "filetype:b'c": (p) => p === ODD,
      };
      for (const [q, wanted] of Object.entries(expectations)) {
        expect([q, (await urls(q)).sort()]).toEqual([
          q,
          all
            .filter(wanted)
            .map((p) => p.url)
            .sort(),
        ]);
      }
    });
  });
}

if (INDEX_TEST_DIALECTS.length > 1) {
  it('SQLite and PostgreSQL give the same answers to operator queries over many pages', async () => {
    const answers: string[][][] = [];
    for (const dialect of INDEX_TEST_DIALECTS) {
      const database = await openIndexTestDatabase(dialect);
      try {
        const store = createIndexStore(database.handle.db, dialect);
        for (const indexable of [...PAGES, ODD, BEST]) await store.putPage(indexable, { source: 'import', now: NOW });
        const found: string[][] = [];
        for (const q of QUERIES) {
          const hits = await store.search({ vertical: 'web', query: parseQuery(q), num: 100, page: 1, window: { sortByDate: false } });
          found.push(hits.map((hit) => ('url' in hit.item ? hit.item.url : '')).sort());
        }
        answers.push(found);
      } finally {
        await database.close();
      }
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(QUERIES.filter((_, i) => answers[0]?.[i]?.length === 0)).toEqual([]);
  }, 60_000);
}

describe('migration 0014 and documents indexed before it', () => {
  it('gives them the operator lexemes', async () => {
    await withDatabaseAt('0012-ledger-functions', async (handle) => {
      const store = createIndexStore(handle.db, handle.dialect);
      await store.putPage(BEST, { source: 'import', now: NOW });
      const search = async (q: string) =>
        (await store.search({ vertical: 'web', query: parseQuery(q), num: 10, page: 1, window: { sortByDate: false } })).map((hit) => hit.item.title);
      if (handle.dialect === 'postgres') {
        // As indexed before 0014: the text's lexemes only.
        await sql`UPDATE index_docs SET tsv = ts_delete(tsv, ARRAY(SELECT lexeme FROM unnest(tsv) WHERE lexeme ~ '^(site|filetype|intitle|inurl):'))`.execute(
          handle.db,
        );
        expect(await search('site:example.org')).toEqual([]);
      }
      await migrateToLatest(handle);
      for (const q of ['site:example.org', 'granite filetype:pdf', 'intitle:quarrying', 'granite inurl:guide -site:example.com']) {
        expect([q, await search(q)]).toEqual([q, ['Granite quarrying guide']]);
      }
    });
  });
});
