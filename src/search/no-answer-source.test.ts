/**
 * Issue 27, item 1: a search that nothing can answer (no engine configured, an empty local index)
 * is a 503 naming what would turn an engine on, and charges nothing. Tests reach no upstream
 * (`SEARCH_KEYLESS_ENGINES` is off in test runs), so a fresh app has only its empty index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../tests/support/index-corpus.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../tests/support/fake-search-upstreams.js';
import { startSearchApp, type SearchApp } from '../../tests/support/search-app.js';
import { DEDICATED_VERTICALS } from './verticals.js';

type Customer = Awaited<ReturnType<SearchApp['t']['customer']>>;

/** The balance and the ledger's length, both read through the API. */
async function account(h: SearchApp, c: Customer): Promise<{ credits: number; entries: number }> {
  const get = (url: string) => h.t.quarry.app.inject({ method: 'GET', url, headers: { 'x-api-key': c.key } });
  const credits = (await get('/api/v1/account/credits/')).json<{ credits_remaining: number }>().credits_remaining;
  const entries = (await get('/api/v1/credits/ledger/')).json<{ count: number }>().count;
  return { credits, entries };
}

const queryOf = (vertical: string) => (vertical === 'autocomplete' ? 'aur' : 'aurora');

describe('with no engine configured and an empty local index', () => {
  let h: SearchApp;
  beforeAll(async () => {
    h = await startSearchApp();
  });
  afterAll(async () => h?.close());

  it('the combined search of web answers 503 naming the settings, and charges nothing', async () => {
    const c = await h.t.customer(10);
    const before = await account(h, c);
    const res = await h.post('/api/v1/search', c.key, { query: 'aurora' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(
      /^No search engine can answer web\. Turn one on with SERPER_API_KEY, or BRAVE_API_KEY, or SEARXNG_URL, or SEARCH_KEYLESS_ENGINES=true, or quarry crawl <url>/,
    );
    expect(await account(h, c)).toEqual(before);
  });

  it.each(DEDICATED_VERTICALS)('/api/v1/%s answers 503 naming a setting, and charges nothing', async (vertical) => {
    const c = await h.t.customer(10);
    const before = await account(h, c);
    const res = await h.post(`/api/v1/${vertical}`, c.key, { q: queryOf(vertical) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toContain(`No search engine can answer ${vertical}.`);
    expect(res.json().error).toMatch(/SERPER_API_KEY|SEARXNG_URL/);
    expect(await account(h, c)).toEqual(before);
  });

  it('shopping names only what can serve shopping', async () => {
    const c = await h.t.customer(10);
    const res = await h.post('/api/v1/shopping', c.key, { q: 'tripod' });
    expect(res.json().error).toBe('No search engine can answer shopping. Turn one on with SERPER_API_KEY, or quarry crawl <url> (fills the local index).');
  });

  it('a combined search of several sources names them all', async () => {
    const c = await h.t.customer(10);
    const res = await h.post('/api/v1/search', c.key, { query: 'aurora', sources: ['news', 'shopping'] });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/^No search engine can answer news, shopping\./);
    expect((await account(h, c)).credits).toBe(10);
  });

  it('GET /api/v1/search/verticals/ says that no vertical can answer, and what would turn each on', async () => {
    const c = await h.t.customer(0);
    expect((await h.t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/verticals/' })).statusCode).toBe(401);
    const res = await h.t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/verticals/', headers: { authorization: `Bearer ${c.access}` } });
    expect(res.statusCode).toBe(200);
    const { count, results } = res.json<{ count: number; results: { vertical: string; can_answer: boolean; engines: string[]; setup: string[] }[] }>();
    expect(count).toBe(9);
    expect(results.every((entry) => !entry.can_answer && entry.engines.length === 0)).toBe(true);
    expect(results.find((entry) => entry.vertical === 'shopping')?.setup).toEqual(['SERPER_API_KEY', 'quarry crawl <url> (fills the local index)']);
  });

  it('a drop-in surface (Tavily) answers in its own error shape, and charges nothing', async () => {
    const c = await h.t.customer(10);
    const before = await account(h, c);
    const res = await h.post('/tavily/search', undefined, { query: 'aurora', api_key: c.key, include_raw_content: true });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail.error).toContain('No search engine can answer web.');
    expect(await account(h, c)).toEqual(before);
  });

  it('the Firecrawl search answers in its own error shape, and charges nothing', async () => {
    const c = await h.t.customer(10);
    const before = await account(h, c);
    const res = await h.t.quarry.app.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.key}` },
      payload: { query: 'aurora', scrapeOptions: { formats: ['markdown'] } },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('No search engine can answer web.') });
    expect(await account(h, c)).toEqual(before);
  });
});

describe('with pages in the local index and no engine configured', () => {
  let h: SearchApp;
  beforeAll(async () => {
    h = await startSearchApp();
    await h.index(CORPUS.slice(0, 1), new Date(Date.now() - 60_000));
  });
  afterAll(async () => h?.close());

  it('answers from the index as before, an empty result included, and charges', async () => {
    const c = await h.t.customer(10);
    const found = await h.post('/api/v1/search', c.key, { query: 'solar storm', use_cache: false });
    expect(found.statusCode).toBe(200);
    const nothing = await h.post('/api/v1/shopping', c.key, { q: 'no such thing anywhere' });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().shopping).toEqual([]);
    expect((await account(h, c)).credits).toBe(8);
  });

  it('GET /api/v1/search/verticals/ says every vertical can answer from the index', async () => {
    const c = await h.t.customer(0);
    const res = await h.t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/verticals/', headers: { 'x-api-key': c.key } });
    const results = res.json<{ results: { can_answer: boolean; engines: string[]; setup: string[] }[] }>().results;
    expect(results.every((entry) => entry.can_answer && entry.engines.join() === 'local' && entry.setup.length === 0)).toBe(true);
  });
});

describe('with an upstream engine configured and an empty local index', () => {
  let upstreams: FakeSearchUpstreams;
  let h: SearchApp;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    h = await startSearchApp({ SERPER_URL: upstreams.baseUrl('serper'), SERPER_API_KEY: 'serper-key' });
  });
  afterAll(async () => {
    await h?.close();
    await upstreams?.close();
  });

  it('answers from the engine and charges as before', async () => {
    const c = await h.t.customer(10);
    const res = await h.post('/api/v1/shopping', c.key, { q: 'tripod' });
    expect(res.statusCode).toBe(200);
    expect(res.json().searchParameters.engine).toBe('serper');
    expect((await account(h, c)).credits).toBe(9);
  });

  it('GET /api/v1/search/verticals/ names the engine', async () => {
    const c = await h.t.customer(0);
    const res = await h.t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/verticals/', headers: { 'x-api-key': c.key } });
    const shopping = res
      .json<{ results: { vertical: string; can_answer: boolean; engines: string[] }[] }>()
      .results.find((entry) => entry.vertical === 'shopping');
    expect(shopping).toEqual({ vertical: 'shopping', can_answer: true, engines: ['serper'], setup: [] });
  });
});

describe('a combined search where some sources can answer', () => {
  let upstreams: FakeSearchUpstreams;
  let h: SearchApp;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    h = await startSearchApp({ SEARXNG_URL: upstreams.baseUrl('searxng'), PRICE_SEARCH_SOURCE: '2' });
  });
  afterAll(async () => {
    await h?.close();
    await upstreams?.close();
  });

  it('answers the sources that can, leaves out the others and charges only for what it searched', async () => {
    const c = await h.t.customer(10);
    // SearXNG serves web, not shopping; the local index is empty.
    const res = await h.post('/api/v1/search', c.key, { query: 'aurora', sources: ['web', 'shopping'] });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data)).toEqual(['web']);
    expect(res.headers['x-credits-used']).toBe('2');
    expect((await account(h, c)).credits).toBe(8);
  });
});
