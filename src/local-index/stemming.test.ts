/**
 * Issue 14: the local index stems words in the page's language ("quarries" finds "quarry",
 * "running" finds "run") on SQLite and PostgreSQL alike, while quoted phrases, exclusions and
 * `intitle:` keep matching exact words. Existing documents are re-indexed by migration 0011.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePages } from '../../tests/support/index-corpus.js';
import { INDEX_TEST_DIALECTS, openIndexedStore, type IndexedStore } from '../../tests/support/index-databases.js';
import { migrateToLatest } from '../db/migrate.js';
import { parseQuery } from '../search/query.js';
import { tsvectorColumns } from './fulltext-postgres.js';
import { createIndexStore } from './store.js';
import { foldedColumns, foldText } from './text.js';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';

const NOW = new Date(Date.UTC(2026, 0, 10));

const page = simplePages('https://stems.example.org');

const PAGES = [
  page('/quarries', 'Granite quarries of the north', 'Three granite quarries still work the hills; visitors watch the wire saw.', 'en'),
  page('/quarry', 'The old quarry', 'One quarry tour a week, and a granite museum.', 'en'),
  page('/run', 'How we run the saw', 'We run it slowly through the granite block.', 'en'),
  page('/running', 'Running a cutting floor', 'Running the floor means running the saws all day.', 'en'),
  page('/haeuser', 'Häuser aus Granit', 'Die alten Häuser am Steinbruch wurden aus Granit gebaut.', 'de'),
  page('/unknown', 'Quarries without a language', 'These quarries declare no language, so nothing is stemmed.'),
];

for (const dialect of INDEX_TEST_DIALECTS) {
  describe(`stemming on ${dialect}`, () => {
    let index: IndexedStore;
    beforeAll(async () => {
      index = await openIndexedStore(dialect, PAGES, { at: NOW, source: 'crawl' });
    });
    afterAll(async () => index?.close());

    const paths = async (q: string, lang?: string) =>
      (await index.store.search({ vertical: 'web', query: parseQuery(q), num: 50, page: 1, window: { sortByDate: false }, ...(lang ? { lang } : {}) }))
        .map((hit) => new URL('url' in hit.item ? hit.item.url : '').pathname)
        .sort();

    it('finds the other forms of a word in pages of a known language', async () => {
      expect(await paths('quarry')).toEqual(['/quarries', '/quarry']);
      expect(await paths('quarries')).toEqual(['/quarries', '/quarry', '/unknown']);
      expect(await paths('run')).toEqual(['/run', '/running']);
      expect(await paths('running')).toEqual(['/run', '/running']);
      expect(await paths('running granite')).toEqual(['/run']);
    });

    it('does not stem a page of unknown language', async () => {
      expect(await paths('quarry museum')).toEqual(['/quarry']);
      // "quarry" is not a word of /unknown, and it has no stems: only its own "quarries" finds it.
      expect(await paths('quarry language')).toEqual([]);
      expect(await paths('quarries language')).toEqual(['/unknown']);
    });

    it('stems with the page’s language and the query’s', async () => {
      expect(await paths('haus', 'de')).toEqual(['/haeuser']);
      expect(await paths('granit haus', 'de')).toEqual(['/haeuser']);
    });

    it('keeps quoted phrases, exclusions and intitle: exact', async () => {
      expect(await paths('"granite quarries"')).toEqual(['/quarries']);
      expect(await paths('"quarry"')).toEqual(['/quarry']);
      // (The German page's "Granit" shares the stem of "granite".)
      expect(await paths('granite -quarries')).toEqual(['/haeuser', '/quarry', '/run']);
      expect(await paths('intitle:quarry')).toEqual(['/quarry']);
      expect(await paths('running site:stems.example.org -intitle:running')).toEqual(['/run']);
      expect(await paths('quarry OR saws')).toEqual(['/quarries', '/quarry', '/run', '/running']);
    });
  });
}

describe('migration 0011 and documents indexed before it', () => {
  it('re-indexes them with their stems', async () => {
    await withDatabaseAt('0010-crawl-jobs', async (handle) => {
      const at = NOW.toISOString();
      const pageRow = await sql<{
        id: number;
      }>`INSERT INTO index_pages (url, host, title, description, body, lang, first_seen, indexed_at, dated_at, source, bytes)
      VALUES ('https://old.example.org/', 'old.example.org', 'Old quarries', NULL, 'Granite quarries by the sea.', 'en', ${at}, ${at}, ${at}, 'crawl', 10) RETURNING id`.execute(
        handle.db,
      );
      const item = JSON.stringify({ title: 'Old quarries', link: 'https://old.example.org/', snippet: 'Granite quarries by the sea.' });
      const docRow = await sql<{
        id: number;
      }>`INSERT INTO index_docs (page_id, vertical, ord, title, link, host, host_rev, path, url_text, snippet, item, dated_at, lang${
        handle.dialect === 'postgres' ? sql`, tsv` : sql``
      })
      VALUES (${pageRow.rows[0]?.id}, 'web', 0, 'Old quarries', 'https://old.example.org/', 'old.example.org', 'org.example.old', '/', 'old example org', NULL, ${item}, ${at}, 'en'${
        handle.dialect === 'postgres'
          ? sql`, ${tsvectorColumns(foldedColumns('old quarries', foldText('Granite quarries by the sea.'), 'old example org'))}::tsvector`
          : sql``
      }) RETURNING id`.execute(handle.db);
      if (handle.dialect === 'sqlite') {
        await sql`INSERT INTO index_docs_fts (rowid, title, body, url, pairs) VALUES (${docRow.rows[0]?.id}, 'old quarries', 'granite quarries by the sea', 'old example org', '')`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle);
      const store = createIndexStore(handle.db, handle.dialect);
      const found = await store.search({ vertical: 'web', query: parseQuery('quarry'), num: 10, page: 1, window: { sortByDate: false } });
      expect(found.map((hit) => hit.item.title)).toEqual(['Old quarries']);
      expect(await store.search({ vertical: 'web', query: parseQuery('"old quarries"'), num: 10, page: 1, window: { sortByDate: false } })).toHaveLength(1);
    });
  });
});
