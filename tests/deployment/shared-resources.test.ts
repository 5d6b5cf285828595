/**
 * One fetch engine, one search router and one result-cache key per process (src/deps.ts): what
 * Quarry's own endpoints spend or learn holds for the Firecrawl-compatible surface, and back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../support/fake-search-upstreams.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';

const THROTTLES = { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min', INDEX_SCRAPES: 'off' };

function post(t: TestApp, url: string, key: string, payload: unknown) {
  const headers = url.startsWith('/api/') ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
  return t.quarry.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
}

describe('the per-host limit (SCRAPE_HOST_CONCURRENCY)', () => {
  let site: FixtureSite;
  let t: TestApp;
  beforeAll(async () => {
    site = await startFixtureSite();
    t = await startTestApp({ ...THROTTLES, SCRAPE_ALLOWED_HOSTS: site.host, SCRAPE_HOST_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('reached through POST /api/v1/scrape/ holds for a Firecrawl scrape of the same host', async () => {
    const c = await t.customer(100);
    const reached = (path: string) => site.requests().some((request) => request.path.startsWith(path));
    const slow = post(t, '/api/v1/scrape/', c.key, { url: `${site.url}/slow/first-byte?ms=1500`, formats: ['text'] });
    while (!reached('/slow/first-byte')) await sleep(10);

    const firecrawl = post(t, '/v2/scrape', c.key, { url: `${site.url}/html/basic` });
    await sleep(500);
    // The host's one slot is the slow page's: the Firecrawl scrape waits for it.
    expect(reached('/html/basic')).toBe(false);

    expect((await slow).statusCode).toBe(200);
    const answer = await firecrawl;
    expect(answer.statusCode).toBe(200);
    expect(reached('/html/basic')).toBe(true);
  });
});

async function staffToken(t: TestApp): Promise<string> {
  const user = await t.createUser();
  await t.quarry.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', user.id).execute();
  return (await t.login(user.email, user.password)).access;
}

describe('the search engines’ circuit breakers', () => {
  let upstreams: FakeSearchUpstreams;
  let t: TestApp;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    t = await startTestApp({ ...THROTTLES, SEARXNG_URL: upstreams.baseUrl('searxng'), SEARCH_CHAIN_WEB: 'searxng,local' });
  });
  afterAll(async () => {
    await t?.close();
    await upstreams?.close();
  });

  it('opened through the Firecrawl search show in GET /api/v1/search/engines/', async () => {
    upstreams.fail('searxng', { status: 500, body: '' }, 100);
    const c = await t.customer(100);
    await post(t, '/v2/search', c.key, { query: 'breaker through firecrawl' });
    expect(upstreams.requestsTo('searxng')).toHaveLength(1);

    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/engines/', headers: { authorization: `Bearer ${await staffToken(t)}` } });
    expect(res.statusCode).toBe(200);
    const searxng = (res.json() as { results: Record<string, unknown>[] }).results.find((entry) => entry.name === 'searxng');
    expect(searxng).toMatchObject({ state: 'suspended', consecutive_failures: 1, calls: 1, last_error: { kind: 'upstream' } });
  });
});

describe('the result cache of a search', () => {
  let upstreams: FakeSearchUpstreams;
  let t: TestApp;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    t = await startTestApp({ ...THROTTLES, SEARXNG_URL: upstreams.baseUrl('searxng'), SEARCH_CHAIN_WEB: 'searxng' });
  });
  afterAll(async () => {
    await t?.close();
    await upstreams?.close();
  });

  const calls = () => upstreams.requestsTo('searxng').length;

  it('is one entry for a Firecrawl search and POST /api/v1/search with the same query and options', async () => {
    const c = await t.customer(100);
    const firecrawl = await post(t, '/v2/search', c.key, { query: 'shared entry one', limit: 5 });
    expect(firecrawl.statusCode).toBe(200);
    expect(calls()).toBe(1);
    const rest = await post(t, '/api/v1/search', c.key, { query: 'shared entry one', limit: 5 });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['x-cache']).toBe('HIT');
    expect(calls()).toBe(1);
    expect(rest.json().data.web.map((item: { url: string }) => item.url)).toEqual(firecrawl.json().data.web.map((hit: { url: string }) => hit.url));
  });

  it('is found by the Firecrawl search after POST /api/v1/search stored it', async () => {
    const c = await t.customer(100);
    expect((await post(t, '/api/v1/search', c.key, { query: 'shared entry two', limit: 3 })).headers['x-cache']).toBe('MISS');
    expect(calls()).toBe(2);
    const firecrawl = await post(t, '/v2/search', c.key, { query: 'shared entry two', limit: 3 });
    expect(firecrawl.statusCode).toBe(200);
    expect(firecrawl.headers['x-cache']).toBe('HIT');
    expect(calls()).toBe(2);
  });
});
