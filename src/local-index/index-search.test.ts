import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_NOW, corpusPage } from '../../tests/support/index-corpus.js';
import { INDEX_TEST_DIALECTS, openIndexedStore, type IndexedStore } from '../../tests/support/index-databases.js';
import { matchesQuery, parseQuery, type ParsedQuery, type QueryClause } from '../search/query.js';
import { parseTbs, tbsWindow, type TimeWindow } from '../search/tbs.js';
import type { ItemVertical } from '../search/verticals.js';
import { indexablePage } from './documents.js';
import { createIndexer } from './indexer.js';
import { readPage } from '../scrape/extract/index.js';
import { queryStemTokens } from './stemming.js';
import type { IndexStore } from './store.js';
import { docColumns, foldedWords } from './text.js';

const DAY = 86_400_000;

/** Ages of the pages' stated publication dates; the others are dated by when they were first seen (CORPUS_NOW). */
const WEB_AGE_DAYS: Readonly<Record<string, number>> = {
  'solar-news': 2 / 24,
  'blog-post': 3,
  'german-news': 10,
  'japanese-page': 20,
  'embed-page': 40,
  'french-article': 60,
  'scholar-paper': 224,
  'spanish-page': 240,
  'old-report': 700,
  'dc-paper': 1202,
  patent: 3380,
};

const INDEXED = CORPUS.filter((page) => page.name !== 'noindex');
const INDEXABLE = new Map(INDEXED.map((page) => [page.name, indexablePage(readPage(page.html, page.url))]));
const nameOf = new Map(INDEXED.map((page) => [INDEXABLE.get(page.name)?.url ?? '', page.name]));

/**
 * The reference answer: the web documents that satisfy the query under the search core's own
 * semantics (`matchesQuery` over title, URL and text), with plain terms required as the index does
 * and a plain word (not quoted, not excluded) also holding where the page has one of its stems.
 */
function expectedNames(q: string): string[] {
  const parsed = parseQuery(q);
  return INDEXED.filter((page) => {
    const indexable = INDEXABLE.get(page.name);
    const web = indexable?.records[0];
    if (web === undefined || web.vertical !== 'web') return false;
    const stems = new Set(docColumns(web.item.title, web.text, '', indexable?.lang).stems.split(' '));
    const byStem = (clause: QueryClause): boolean => {
      if (clause.kind === 'anyOf') return clause.options.some(byStem);
      const words = foldedWords(clause.value);
      return clause.kind === 'term' && !clause.negated && words.length === 1 && queryStemTokens(words[0] ?? '', undefined).some((token) => stems.has(token));
    };
    const strict: ParsedQuery = {
      clauses: parsed.clauses
        .filter((clause) => !byStem(clause))
        .map((clause) => (clause.kind === 'term' && !clause.negated ? { ...clause, kind: 'phrase' } : clause)),
    };
    return matchesQuery(strict, { title: web.item.title, url: web.item.url, text: web.text });
  })
    .map((page) => page.name)
    .sort();
}

const OPERATOR_QUERIES = [
  'solar',
  'solar storm',
  '"solar storm"',
  'aurora -"solar storm"',
  'aurora -storm',
  'site:example.com',
  'site:blog.example.org',
  'site:docs.example.com/guide',
  'aurora -site:blog.example.org',
  'filetype:pdf',
  'telescope -filetype:pdf',
  'inurl:install',
  'inurl:stall',
  'telescope -inurl:install',
  'allinurl:guide telescope',
  'intitle:storm',
  'storm -intitle:storm',
  'allintitle:solar storm',
  'intitle:"northern lights"',
  'aurora OR polarlichter',
  'intitle:aurora OR intitle:polarlicht',
  'site:example.de OR site:example.fr',
  'tempete',
  'sonnensturm -site:example.de',
  '-solar',
  'オーロラ',
];

const ALL_TBS = ['qdr:h', 'qdr:d', 'qdr:w', 'qdr:m', 'qdr:y'] as const;

/**
 * Each dialect, and SQLite once more with low thresholds for "common" words, so that the plans for
 * queries with common words (bm25 over the selective words only; newest matches only) are held to
 * the same answers on this small corpus.
 */
const SETUPS = [
  ...INDEX_TEST_DIALECTS.map((dialect) => ({ label: dialect, dialect, sqlite: undefined, postgres: undefined })),
  { label: 'sqlite, words in more than 2 documents counted as common', dialect: 'sqlite' as const, sqlite: { commonWordDocs: 2 }, postgres: undefined },
  { label: 'sqlite, every word counted as common', dialect: 'sqlite' as const, sqlite: { commonWordDocs: 0 }, postgres: undefined },
  { label: 'sqlite, ranked documents read two at a time', dialect: 'sqlite' as const, sqlite: { rowsPerRead: 2 }, postgres: undefined },
  ...(INDEX_TEST_DIALECTS.includes('postgres')
    ? [
        {
          label: 'postgres, dated sorts of more than 2 matches walking the date index, ranking among few candidates',
          dialect: 'postgres' as const,
          sqlite: undefined,
          postgres: { denseMatches: 2, rankCandidates: 2 },
        },
      ]
    : []),
];

for (const { label, dialect, sqlite, postgres } of SETUPS) {
  describe(`the local index on ${label}`, () => {
    let index: IndexedStore;
    let store: IndexStore;

    beforeAll(async () => {
      index = await openIndexedStore(dialect, CORPUS, { at: CORPUS_NOW, source: 'import', store: sqlite ? { sqlite } : postgres ? { postgres } : {} });
      store = index.store;
    });
    afterAll(async () => index?.close());

    const search = async (
      q: string,
      options: { vertical?: ItemVertical; num?: number; page?: number; window?: TimeWindow; lang?: string; country?: string } = {},
    ) =>
      store.search({
        vertical: options.vertical ?? 'web',
        query: parseQuery(q),
        num: options.num ?? 100,
        page: options.page ?? 1,
        window: options.window ?? { sortByDate: false },
        ...(options.lang ? { lang: options.lang } : {}),
        ...(options.country ? { country: options.country } : {}),
      });
    const names = async (q: string, options: Parameters<typeof search>[1] = {}) =>
      (await search(q, options)).map((hit) => nameOf.get('url' in hit.item ? hit.item.url : '') ?? '?');

    it.each(OPERATOR_QUERIES)('answers %j exactly as the query language defines it', async (q) => {
      expect((await names(q)).sort()).toEqual(expectedNames(q));
    });

    it('matches a phrase only as consecutive words, while loose words match in any order', async () => {
      expect(await names('"storm solar"')).toEqual(['blog-post']);
      expect(await names('solar storm')).toContain('blog-post');
      expect(await names('"solar storm"')).not.toContain('blog-post');
    });

    it('restricts site: to the host and its subdomains, and -site: excludes them', async () => {
      const onExampleCom = await names('site:example.com');
      expect(onExampleCom).toEqual(expect.arrayContaining(['solar-news', 'install-guide', 'video-page', 'product']));
      expect(onExampleCom).not.toContain('restaurant'); // trattoria-example.com is another domain
      expect(onExampleCom).not.toContain('blog-post');
      expect(await names('storm -site:news.example.com')).not.toContain('solar-news');
    });

    it('applies filetype:, inurl: and intitle: and their negations', async () => {
      expect(await names('filetype:pdf')).toEqual(['pdf-manual']);
      expect(await names('telescope -filetype:pdf')).toEqual(['install-guide']);
      expect(await names('inurl:how to install')).toEqual(['install-guide']);
      expect((await names('telescope -inurl:install')).sort()).toEqual(['pdf-manual']);
      expect(await names('intitle:telescope manual')).toEqual(['pdf-manual']);
      expect((await names('telescope -intitle:manual')).sort()).toEqual(['install-guide']);
    });

    it('excludes pages that ask not to be indexed', async () => {
      expect(await names('draft')).toEqual([]);
    });

    it('ranks a title match above a mention in the text', async () => {
      const hits = await names('tripod');
      expect(hits[0]).toBe('product');
      expect(hits).toEqual(expect.arrayContaining(['blog-post', 'install-guide', 'tips-us']));
    });

    it.each(ALL_TBS)('keeps only pages published (or first seen) within %s', async (tbs) => {
      const window = tbsWindow(parseTbs(tbs), CORPUS_NOW);
      const limitDays = (CORPUS_NOW.getTime() - (window.since?.getTime() ?? 0)) / DAY;
      const expected = INDEXED.filter((page) => (WEB_AGE_DAYS[page.name] ?? 0) <= limitDays)
        .map((page) => page.name)
        .sort();
      expect((await names('', { window })).sort()).toEqual(expected);
    });

    it('sorts strictly by date with sbd:1, newest first', async () => {
      const found = await names('', { window: tbsWindow(parseTbs('sbd:1'), CORPUS_NOW) });
      const ages = found.map((name) => WEB_AGE_DAYS[name] ?? 0);
      expect(ages).toEqual([...ages].sort((a, b) => a - b));
      expect(found.slice(-3)).toEqual(['old-report', 'dc-paper', 'patent']);
    });

    it('combines a time window with sorting by date', async () => {
      const found = await names('aurora', { window: tbsWindow(parseTbs('qdr:m,sbd:1'), CORPUS_NOW) });
      const ages = found.map((name) => WEB_AGE_DAYS[name] ?? 0);
      expect(ages).toEqual([...ages].sort((a, b) => a - b));
      expect(ages.every((age) => age <= 31)).toBe(true);
      expect([...found].sort()).toEqual(expectedNames('aurora').filter((name) => (WEB_AGE_DAYS[name] ?? 0) <= 31));
      expect(found.slice(-2)).toEqual(['blog-post', 'japanese-page']);
    });

    it('filters a vertical by the item’s own date (a video’s upload date)', async () => {
      const week = tbsWindow(parseTbs('qdr:w'), CORPUS_NOW);
      const videos = await search('aurora', { vertical: 'videos', window: week });
      expect(videos.map((hit) => hit.item.title)).toEqual(['Aurora timelapse over Norway']);
      expect(videos[0]?.publishedAt?.toISOString()).toBe(new Date(CORPUS_NOW.getTime() - 5 * DAY).toISOString());
    });

    it('pages through results without gaps or repeats', async () => {
      const all = await names('', { num: 100 });
      const pages: string[] = [];
      for (let page = 1; page <= 5; page++) pages.push(...(await names('', { num: 5, page })));
      expect(pages).toEqual(all);
      expect(all.length).toBeGreaterThan(15);
      expect(await names('', { num: 5, page: 10 })).toEqual([]);
    });

    it('prefers pages of the requested country and language among equally relevant ones', async () => {
      const query = 'northern lights photography';
      expect((await names(query, { country: 'gb', lang: 'en' }))[0]).toBe('tips-gb');
      expect((await names(query, { country: 'us', lang: 'en' }))[0]).toBe('tips-us');
      expect((await names(query, { country: 'us', lang: 'es' }))[0]).toBe('tips-es');
      expect((await names(query)).sort()).toEqual(['tips-es', 'tips-gb', 'tips-us']);
    });

    it('shows the passage that matched when the description does not mention the query', async () => {
      const [hit] = await search('transformers coasts');
      expect(hit?.item).toMatchObject({ url: corpusPage('scholar-paper').url });
      expect('description' in (hit?.item ?? {}) ? (hit?.item as { description: string }).description : '').toContain('Transformers near coasts');
    });

    it('replaces a page on re-indexing and keeps when it was first seen', async () => {
      const indexer = createIndexer({ store, now: () => new Date(CORPUS_NOW.getTime() + DAY) });
      const page = corpusPage('install-guide');
      const changed = page.html.replace('How to install a telescope mount', 'How to install a telescope pier');
      const outcome = await indexer.indexHtml(changed, page.url, 'crawl');
      expect(outcome.status === 'indexed' && outcome.page.created).toBe(false);
      expect(await names('intitle:pier')).toEqual(['install-guide']);
      expect(await names('intitle:mount')).toEqual([]);
      // First seen at CORPUS_NOW, so a window of the last hour before CORPUS_NOW still holds it.
      expect(await names('intitle:pier', { window: tbsWindow(parseTbs('qdr:h'), CORPUS_NOW) })).toEqual(['install-guide']);
      await indexer.indexHtml(page.html, page.url, 'import');
    });
  });
}

if (INDEX_TEST_DIALECTS.length > 1) {
  describe('SQLite and PostgreSQL', () => {
    it('give the same answers to every query, vertical and time window', async () => {
      const answers: string[][][] = [];
      for (const dialect of INDEX_TEST_DIALECTS) {
        const { store, close } = await openIndexedStore(dialect, CORPUS, { at: CORPUS_NOW, source: 'import' });
        try {
          const perQuery: string[][] = [];
          for (const vertical of ['web', 'news', 'images', 'videos', 'places', 'shopping', 'scholar', 'patents'] as const) {
            for (const q of [...OPERATOR_QUERIES, '']) {
              for (const tbs of [undefined, ...ALL_TBS, 'sbd:1']) {
                const window = tbs === undefined ? { sortByDate: false } : tbsWindow(parseTbs(tbs), CORPUS_NOW);
                const hits = await store.search({ vertical, query: parseQuery(q), num: 100, page: 1, window });
                // Ranking functions differ (bm25 and ts_rank_cd), so the same answers may come in another order.
                perQuery.push(hits.map((hit) => JSON.stringify(hit.item)).sort());
              }
            }
          }
          answers.push(perQuery);
        } finally {
          await close();
        }
      }
      expect(answers[1]).toEqual(answers[0]);
      // Thousands of searches on each database: minutes on a loaded machine.
    }, 180_000);
  });
}
