/**
 * Issue 14: `autocorrect` on the local engine. A query that finds nothing has each misspelt plain
 * word replaced by the nearest word of the index (fewest edits, then most documents), on SQLite
 * and PostgreSQL; the answer's `searchParameters.correctedQuery` says what was searched, and
 * `autocorrect: false` searches the query as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_NOW, simplePages } from '../../tests/support/index-corpus.js';
import { INDEX_TEST_DIALECTS, openIndexedStore, type IndexedStore } from '../../tests/support/index-databases.js';
import { startSearchApp, type SearchApp } from '../../tests/support/search-app.js';
import { parseQuery } from '../search/query.js';
import { editDistance, maxEdits } from './autocorrect.js';

const page = simplePages('https://spelling.example.org', 'en');

const PAGES = [
  page('/granite', 'Granite quarry tours', 'Guided tours of the granite quarry, with the wire saw at work.'),
  page('/sewn-1', 'Sewn canvas covers', 'Covers sewn from canvas keep the blocks dry.'),
  page('/sewn-2', 'Sewn bags', 'Bags sewn for the gravel.'),
  page('/sawn', 'Sawn slabs', 'Slabs sawn to size.'),
];

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours, and stops past the limit', () => {
    expect(editDistance('graniet', 'granite', 2)).toBe(1);
    expect(editDistance('quary', 'quarry', 2)).toBe(1);
    expect(editDistance('quarry', 'query', 2)).toBe(2);
    expect(editDistance('marble', 'granite', 2)).toBe(3);
    expect([2, 3, 5, 6, 12].map(maxEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

for (const dialect of INDEX_TEST_DIALECTS) {
  describe(`autocorrect on ${dialect}`, () => {
    let index: IndexedStore;
    beforeAll(async () => {
      index = await openIndexedStore(dialect, PAGES, { at: CORPUS_NOW, source: 'crawl' });
    });
    afterAll(async () => index?.close());

    const correct = async (q: string, account?: number) => (await index.store.correct(q, parseQuery(q), account))?.q;

    it('replaces each unknown word by the nearest known one', async () => {
      expect(await correct('graniet quary tours')).toBe('granite quarry tours');
      expect(await correct('Graniet   tours')).toBe('granite   tours');
    });

    it('prefers the word more documents hold among equally near ones', async () => {
      // "sxwn" is one edit from both "sawn" (1 page) and "sewn" (2 pages).
      expect(await correct('sxwn')).toBe('sewn');
    });

    it('leaves operators, phrases, exclusions and words too far from any other alone', async () => {
      expect(await correct('graniet site:spelling.example.org -quary "wire saww"')).toBe('granite site:spelling.example.org -quary "wire saww"');
      expect(await correct('zzqxv')).toBeUndefined();
      expect(await correct('granite')).toBeUndefined();
    });
  });
}

describe('autocorrect through the search endpoints', () => {
  let h: SearchApp;
  let key: string;
  beforeAll(async () => {
    h = await startSearchApp({ SEARCH_CHAIN_NEWS: 'local', SEARCH_CHAIN_WEB: 'local' });
    await h.index(CORPUS, CORPUS_NOW);
    key = (await h.t.customer(100)).key;
  });
  afterAll(async () => h?.close());

  it('searches the corrected query when the original finds nothing, and says so', async () => {
    const res = await h.post('/api/v1/news', key, { q: 'solr strom', use_cache: false });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ searchParameters: Record<string, unknown>; news: { title: string }[] }>();
    expect(body.searchParameters).toMatchObject({ q: 'solr strom', correctedQuery: 'solar storm', autocorrect: true });
    expect(body.news.map((item) => item.title)).toContain('Solar storm lights up northern skies');
  });

  it('searches the query as typed with autocorrect: false, or when it finds something', async () => {
    const off = await h.post('/api/v1/news', key, { q: 'solr strom', autocorrect: false, use_cache: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ news: [] });
    expect(off.json<{ searchParameters: object }>().searchParameters).not.toHaveProperty('correctedQuery');
    const exact = await h.post('/api/v1/news', key, { q: 'solar storm', use_cache: false });
    expect(exact.json<{ searchParameters: object }>().searchParameters).not.toHaveProperty('correctedQuery');
    // The combined search (shape B, which has no searchParameters) answers with the corrected query's results.
    const combined = await h.post('/api/v1/search', key, { query: 'solr strom', use_cache: false });
    expect(combined.json<{ data: { web: unknown[] } }>().data.web.length).toBeGreaterThan(0);
  });
});
