/**
 * The Firecrawl-compatible API at the HTTP level: Firecrawl's error bodies for every failure of
 * the shared lifecycle, crawl pagination with absolute `next` links, the OpenAPI document, and
 * the `COMPAT_FIRECRAWL` switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';
import { startTestApp } from '../../../tests/support/app.js';
import { createCrawlStore } from './crawl-store.js';

let c: CompatApp;
let customer: { id: number; key: string };

beforeAll(async () => {
  c = await startCompatApp();
  customer = await c.h.t.customer(1000);
});
afterAll(async () => c?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { key?: string | undefined; body?: unknown; contentType?: string } = {}) =>
  fetch(`${c.baseUrl}${url}`, {
    method,
    headers: {
      ...(options.key === undefined ? {} : { authorization: `Bearer ${options.key}` }),
      ...(options.body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });

describe('Firecrawl error bodies', () => {
  it('401 without a key or with a wrong one', async () => {
    for (const key of [undefined, 'qk_not-a-key']) {
      const res = await call('POST', '/v2/scrape', { key, body: { url: `${c.site.url}/a` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, error: expect.stringMatching(/^Unauthorized/) });
    }
  });

  it('400 for an unknown key, a schema error, or a bad URL, and nothing is charged', async () => {
    const before = await c.balance(customer.id);
    const unknown = await call('POST', '/v2/scrape', { key: customer.key, body: { url: `${c.site.url}/a`, colour: 'blue' } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', error: 'Unrecognized key in body: colour' });
    const missing = await call('POST', '/v2/search', { key: customer.key, body: { limit: 3 } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', error: expect.stringContaining('query') });
    const badUrl = await call('POST', '/v1/scrape', { key: customer.key, body: { url: 'not a url' } });
    expect(badUrl.status).toBe(400);
    expect((await badUrl.json()).error).toMatch(/url: Enter a valid URL/);
    const schemeless = await call('POST', '/v2/scrape', { key: customer.key, body: { url: 'example.com/page' } });
    expect(schemeless.status).toBe(400);
    expect((await schemeless.json()).error).toContain('url: Enter a valid URL. Did you mean https://example.com/page?');
    const source = await call('POST', '/v2/search', { key: customer.key, body: { query: 'x', sources: ['videos'] } });
    expect((await source.json()).error).toMatch(/sources\[0\]: "videos" is not supported/);
    expect(await c.balance(customer.id)).toBe(before);
  });

  it('402 when the balance cannot pay', async () => {
    const broke = await c.h.t.customer(0);
    for (const [url, body] of [
      ['/v2/scrape', { url: `${c.site.url}/a` }],
      ['/v2/crawl', { url: `${c.site.url}/` }],
    ] as const) {
      const res = await call('POST', url, { key: broke.key, body });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Insufficient credits/) });
    }
  });

  it('415 for a body that is not JSON', async () => {
    const res = await call('POST', '/v2/map', { key: customer.key, body: 'url=x', contentType: 'text/plain' });
    expect(res.status).toBe(415);
    expect((await res.json()).success).toBe(false);
  });

  it('502 for a target that answers an error page, charging nothing', async () => {
    const before = await c.balance(customer.id);
    const res = await call('POST', '/v2/scrape', { key: customer.key, body: { url: `${c.site.url}/no-such-page` } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, error: expect.stringContaining('404') });
    expect(await c.balance(customer.id)).toBe(before);
  });

  it("408 SCRAPE_TIMEOUT when the page is slower than the request's timeout, charging nothing", async () => {
    const before = await c.balance(customer.id);
    const res = await call('POST', '/v2/scrape', { key: customer.key, body: { url: `${c.fixtures.url}/slow/first-byte?ms=3000`, timeout: 300 } });
    expect(res.status).toBe(408);
    expect(await res.json()).toEqual({ success: false, code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out after 300 ms' });
    expect(await c.balance(customer.id)).toBe(before);
  });

  it('404 Job not found for an unknown crawl id', async () => {
    const res = await call('GET', '/v2/crawl/00000000-0000-0000-0000-000000000000', { key: customer.key });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'Job not found' });
  });
});

describe('maxAge', () => {
  it('serves a cached copy younger than maxAge, and scrapes again when the copy is older', async () => {
    const scrape = async (maxAge: number) => {
      const res = await call('POST', '/v2/scrape', { key: customer.key, body: { url: `${c.site.url}/a/deeper`, maxAge } });
      expect(res.status).toBe(200);
      return { metadata: (await res.json()).data.metadata as { cacheState: string; cachedAt: string }, charged: res.headers.get('x-credits-used') };
    };
    const first = await scrape(0);
    expect(first).toMatchObject({ metadata: { cacheState: 'miss' }, charged: '1' });
    expect((await scrape(60_000)).metadata).toEqual(expect.objectContaining({ cacheState: 'hit', cachedAt: first.metadata.cachedAt }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const stale = await scrape(10);
    expect(stale.metadata.cacheState).toBe('miss');
    expect(stale.metadata.cachedAt > first.metadata.cachedAt).toBe(true);
  });
});

describe('crawl status pages', () => {
  it('pages the documents with an absolute next link, absent on the last page', async () => {
    const start = await call('POST', '/v1/crawl', { key: customer.key, body: { url: `${c.site.url}/`, limit: 5 } });
    expect(start.status).toBe(200);
    const { id, url } = (await start.json()) as { id: string; url: string };
    expect(url).toBe(`${c.baseUrl}/v1/crawl/${id}`);
    let status: { status: string; completed: number; next?: string; data: unknown[] } = { status: 'scraping', completed: 0, data: [] };
    for (let i = 0; i < 100 && status.status === 'scraping'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await (await call('GET', `/v1/crawl/${id}`, { key: customer.key })).json();
    }
    expect(status).toMatchObject({ status: 'completed', completed: 5, total: 5, creditsUsed: 5 });
    expect('next' in status).toBe(false);
    const first = await (await call('GET', `/v1/crawl/${id}?limit=3`, { key: customer.key })).json();
    expect(first.data).toHaveLength(3);
    expect(first.next).toBe(`${c.baseUrl}/v1/crawl/${id}?skip=3`);
    const rest = await (await call('GET', new URL(first.next).pathname + new URL(first.next).search, { key: customer.key })).json();
    expect(rest.data).toHaveLength(2);
    expect('next' in rest).toBe(false);
  });
});

describe('crawl retention', () => {
  it('forgets finished crawls a day after their end, never a running one', async () => {
    const { db, dialect } = c.h.t.quarry;
    let clock = new Date(Date.now() - 30 * 3600 * 1000);
    const store = createCrawlStore(db, dialect, () => clock);
    const base = { userId: customer.id, apiKeyId: 1, url: `${c.site.url}/`, options: '{}' };
    // Started 30 h ago: one ended then, one is still running, one ended 2 h ago.
    await store.create({ ...base, id: 'expired-finished' });
    await store.finish('expired-finished', 'completed');
    await store.create({ ...base, id: 'expired-running' });
    await store.create({ ...base, id: 'fresh-finished' });
    clock = new Date(Date.now() - 2 * 3600 * 1000);
    await store.finish('fresh-finished', 'completed');
    expect((await store.find('fresh-finished'))?.expiresAt).toBe(new Date(clock.getTime() + 24 * 3600 * 1000).toISOString());
    clock = new Date();
    expect(await store.deleteExpired()).toBe(1);
    expect(await store.find('expired-finished')).toBeUndefined();
    expect(await store.find('expired-running')).toBeDefined();
    expect(await store.find('fresh-finished')).toBeDefined();
  });
});

describe('the OpenAPI document', () => {
  it('documents every Firecrawl route with the bearer key scheme', async () => {
    const doc = (await (await call('GET', '/api/v1/schema/?format=json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const version of ['v1', 'v2']) {
      for (const path of ['scrape', 'search', 'map', 'crawl']) expect(doc.paths[`/${version}/${path}`]?.post?.tags).toEqual(['firecrawl']);
      expect(Object.keys(doc.paths[`/${version}/crawl/{id}`] ?? {}).sort()).toEqual(['delete', 'get']);
    }
    expect(doc.paths['/v2/scrape']?.post?.security).toEqual([{ BearerApiKey: [] }]);
    expect(doc.components.securitySchemes.BearerApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('throttling', () => {
  it("429 in Firecrawl's shape, with Retry-After", async () => {
    const t = await startTestApp({ THROTTLE_KEY_RATE: '1/min' });
    try {
      const user = await t.customer(10);
      const map = () =>
        t.quarry.app.inject({
          method: 'POST',
          url: '/v2/map',
          headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json' },
          payload: { url: 'not a url' },
        });
      expect((await map()).statusCode).toBe(400);
      const throttled = await map();
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBeDefined();
      expect(throttled.json()).toEqual({ success: false, error: expect.stringMatching(/^Rate limit exceeded/) });
    } finally {
      await t.close();
    }
  });
});

describe('COMPAT_FIRECRAWL=off', () => {
  it('serves none of the Firecrawl routes', async () => {
    const t = await startTestApp({ COMPAT_FIRECRAWL: 'off' });
    try {
      const user = await t.customer(10);
      const res = await t.quarry.app.inject({
        method: 'POST',
        url: '/v2/scrape',
        headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json' },
        payload: { url: 'https://example.com' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
