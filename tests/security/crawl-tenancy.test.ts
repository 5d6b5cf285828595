/**
 * Issue 25, findings 3, 4, 9 and 11 (part): crawls belong to their crawl, are bounded by their
 * limit and their filters, share the crawl slots fairly between accounts, stop at once when
 * cancelled, and can always be read back, page by page, whatever their documents weigh.
 * Real HTTP over loopback against loopback fixture sites, on SQLite and PostgreSQL.
 */
import Firecrawl from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFrontier } from '../../src/crawl/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startCrawlLoadSite, type CrawlLoadSite } from '../support/crawl-load-site.js';
import { startCrawlSite, type CrawlSite } from '../support/index-crawl-site.js';
import { freePort } from '../support/ports.js';

/** A status page's byte bound in these tests: a few of the large pages' documents. */
const PAGE_BYTES = 400_000;

let t: TestApp;
let site: CrawlSite;
let load: CrawlLoadSite;
let baseUrl: string;

beforeAll(async () => {
  site = await startCrawlSite();
  load = await startCrawlLoadSite({ bigPages: 8, bigPageBytes: 60_000 });
  const port = await freePort();
  t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: `${site.host},${load.host}`,
    CRAWL_DELAY_MS: '20',
    CRAWL_JOB_CONCURRENCY: '2',
    FIRECRAWL_CRAWL_PAGE_BYTES: String(PAGE_BYTES),
    PRICE_SCRAPE: '1',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  baseUrl = await t.quarry.app.listen({ host: '127.0.0.1', port });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await site?.close();
  await load?.close();
});

interface Status {
  status: string;
  completed: number;
  total: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: { markdown?: string; html?: string; rawHtml?: string; metadata: { sourceURL: string } }[];
}

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, key: string, body?: unknown): Promise<Response> {
  return fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function startCrawl(key: string, body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/v2/crawl', key, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const status = async (key: string, id: string) => (await (await call('GET', `/v2/crawl/${id}`, key)).json()) as Status;

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const finished = (key: string, id: string) =>
  until(
    () => status(key, id),
    (s) => s.status !== 'scraping',
  );

/** Every document of a crawl, following `next` as firecrawl-js does; checks each page on the way. */
async function allDocuments(key: string, id: string): Promise<{ documents: Status['data']; pages: number }> {
  const documents: Status['data'] = [];
  let url: string | undefined = `/v2/crawl/${id}`;
  let pages = 0;
  while (url !== undefined) {
    const res = await call('GET', url, key);
    expect(res.status).toBe(200);
    const body = await res.text();
    const page = JSON.parse(body) as Status;
    // The bound is on the documents; one document alone may pass it (a scrape's own limits bound it).
    if (page.data.length > 1) expect(Buffer.byteLength(body)).toBeLessThan(PAGE_BYTES + 10_000);
    expect(page.data.length).toBeGreaterThan(0);
    documents.push(...page.data);
    pages += 1;
    url = page.next;
  }
  return { documents, pages };
}

const frontierRows = async () =>
  Number(
    (
      await t.quarry.db
        .selectFrom('crawl_frontier')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const path = (url: string) => new URL(url).pathname;
const SITE_PAGES = ['/', '/a', '/a/deeper', '/a/deeper/deepest', '/b', '/b/deeper', '/found-via-noindex', '/noindex-page', '/nofollow-page', '/orphan'].sort();

describe('crawls of different tenants (finding 3)', () => {
  it('two identical crawls, the second started while the first is under way, each return their own complete set of pages, seed included', async () => {
    const a = await t.customer(100);
    const b = await t.customer(100);
    const body = { url: `${site.url}/`, limit: 50, delay: 0.2 };
    const idA = await startCrawl(a.key, body);
    // As in the report: B starts when A has already crawled part of the site.
    await until(
      () => status(a.key, idA),
      (s) => s.completed >= 3,
    );
    const idB = await startCrawl(b.key, body);
    const [doneA, doneB] = await Promise.all([finished(a.key, idA), finished(b.key, idB)]);
    for (const done of [doneA, doneB]) {
      expect(done.status).toBe('completed');
      expect(done.data.map((doc) => path(doc.metadata.sourceURL)).sort()).toEqual(SITE_PAGES);
      expect(done.creditsUsed).toBe(SITE_PAGES.length);
    }
    expect(await frontierRows()).toBe(0);
  });

  it('cancelling one of two identical crawls leaves the other running to its end', async () => {
    const a = await t.customer(100);
    const b = await t.customer(100);
    // Half a second between pages: A is still under way when B starts and when A is cancelled.
    const body = { url: `${site.url}/`, limit: 50, delay: 0.5 };
    const idA = await startCrawl(a.key, body);
    await until(
      () => status(a.key, idA),
      (s) => s.completed >= 1,
    );
    const idB = await startCrawl(b.key, body);
    expect((await (await call('DELETE', `/v2/crawl/${idA}`, a.key)).json()).status).toBe('cancelled');
    const doneB = await finished(b.key, idB);
    expect(doneB.status).toBe('completed');
    expect(doneB.data.map((doc) => path(doc.metadata.sourceURL)).sort()).toEqual(SITE_PAGES);
    expect((await status(a.key, idA)).status).toBe('cancelled');
    expect(await frontierRows()).toBe(0);
  });
});

describe('crawl bounds (finding 4)', () => {
  it('{"limit":1,"excludePaths":[".*"]} on pages of 5,000 links fetches one page, charges it, and leaves no frontier', async () => {
    const a = await t.customer(100);
    const before = load.pageRequests().length;
    const id = await startCrawl(a.key, { url: `${load.url}/links/5000/root`, limit: 1, excludePaths: ['.*'] });
    const done = await finished(a.key, id);
    expect(done.status).toBe('completed');
    expect(load.pageRequests().length - before).toBe(1);
    expect(done.creditsUsed).toBe(1);
    expect(await t.quarry.services.ledger.balance(a.id)).toBe(99);
    expect(await frontierRows()).toBe(0);
  });

  it('excluded links are never fetched, and every fetched page counts toward the limit', async () => {
    const a = await t.customer(100);
    const before = load.pageRequests().length;
    // Only links ending in 1 are wanted: the others are neither fetched nor queued.
    const id = await startCrawl(a.key, { url: `${load.url}/links/300/filter`, limit: 5, includePaths: ['1$'] });
    const done = await finished(a.key, id);
    const fetched = load.pageRequests().slice(before);
    expect(fetched.length).toBeLessThanOrEqual(5);
    expect(fetched.slice(1).every((p) => p.endsWith('1'))).toBe(true);
    expect(done.creditsUsed).toBe(fetched.length);
    expect(await frontierRows()).toBe(0);
  });

  it('a page with 10,000 links: link discovery succeeds, and the crawl goes on from it', async () => {
    const a = await t.customer(100);
    const id = await startCrawl(a.key, { url: `${load.url}/links/10000/huge`, limit: 2, delay: 0.5 });
    // While it runs, its frontier holds a bounded share of the links: never more than the crawl could use.
    const running = await until(
      () => status(a.key, id),
      (s) => s.completed >= 1,
    );
    if (running.status === 'scraping') expect(await frontierRows()).toBeLessThanOrEqual(1_000);
    const done = await finished(a.key, id);
    expect(done).toMatchObject({ status: 'completed', completed: 2, creditsUsed: 2 });
    const { documents } = await allDocuments(a.key, id);
    expect(documents.map((doc) => path(doc.metadata.sourceURL))).toEqual(['/links/10000/huge', '/links/10000/huge-0']);
    const errors = (await (await call('GET', `/v2/crawl/${id}/errors`, a.key)).json()) as { errors: unknown[] };
    expect(errors.errors).toEqual([]);
    expect(await frontierRows()).toBe(0);
  });

  it('the frontier takes 10,000 links of one page in bounded statements, and is deleted when the crawl ends', async () => {
    const frontier = await openFrontier(t.quarry.db, `${load.url}/`, { maxPages: 5, maxDepth: 2, sameHost: true }, () => new Date(), 'test:ten-thousand');
    const links = Array.from({ length: 10_000 }, (_, i) => ({ url: `${load.url}/page-${i}`, depth: 1 }));
    expect(await frontier.add(links)).toBe(10_000);
    expect(await frontier.size()).toBe(10_001);
    await frontier.finish();
    expect(await frontierRows()).toBe(0);
  });

  it('refuses out-of-bounds crawl options with a 400 naming the field', async () => {
    const a = await t.customer(100);
    const cases: [Record<string, unknown>, string][] = [
      [{ delay: 61 }, 'delay'],
      [{ delay: 600 }, 'delay'],
      [{ limit: 100_001 }, 'limit'],
      [{ includePaths: Array.from({ length: 51 }, () => 'a') }, 'includePaths'],
      [{ excludePaths: ['x'.repeat(201)] }, 'excludePaths'],
      [{ maxDiscoveryDepth: 101 }, 'maxDiscoveryDepth'],
      [{ maxConcurrency: 0 }, 'maxConcurrency'],
    ];
    for (const [extra, field] of cases) {
      const res = await call('POST', '/v2/crawl', a.key, { url: `${site.url}/`, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toContain(field);
    }
    expect(await t.quarry.services.ledger.balance(a.id)).toBe(100);
  });
});

describe('crawl status pages (finding 9)', () => {
  it('pages large documents by bytes: every page answers 200 under the bound, and next yields every document', async () => {
    const a = await t.customer(100);
    const id = await startCrawl(a.key, {
      url: `${load.url}/big/0`,
      limit: 8,
      crawlEntireDomain: true,
      scrapeOptions: { formats: ['markdown', 'rawHtml', 'html'] },
    });
    const done = await finished(a.key, id);
    expect(done).toMatchObject({ status: 'completed', completed: 8 });
    const { documents, pages } = await allDocuments(a.key, id);
    expect(pages).toBeGreaterThan(1);
    expect(documents.map((doc) => path(doc.metadata.sourceURL)).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `/big/${i}`).sort());
    expect(documents.every((doc) => (doc.rawHtml?.length ?? 0) > 60_000 && (doc.markdown?.length ?? 0) > 0 && (doc.html?.length ?? 0) > 0)).toBe(true);
    // firecrawl-js follows the same links and collects the same documents.
    const client = new Firecrawl({ apiKey: a.key, apiUrl: baseUrl });
    const viaSdk = await client.getCrawlStatus(id);
    expect(viaSdk.data).toHaveLength(8);
  });
});

describe('crawl expiry (finding 11)', () => {
  it('expiresAt counts from the end of the crawl: a day from now while it runs, a day after its end once it ended', async () => {
    const a = await t.customer(100);
    const id = await startCrawl(a.key, { url: `${site.url}/`, limit: 3, delay: 0.3 });
    const running = await status(a.key, id);
    const day = 24 * 3600 * 1000;
    if (running.status === 'scraping') expect(Math.abs(Date.parse(running.expiresAt) - (Date.now() + day))).toBeLessThan(60_000);
    const done = await finished(a.key, id);
    const row = await t.quarry.db
      .withTables<{ compat_crawls: { id: string; updated: string } }>()
      .selectFrom('compat_crawls')
      .select('updated')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(done.expiresAt)).toBe(Date.parse(row.updated) + day);
  });
});

describe('crawl slots (finding 4)', () => {
  it("two crawls of one account with a long delay do not keep another account's crawl at 0 pages; cancelling one in its pause frees its slot at once", async () => {
    const a = await t.customer(100);
    const b = await t.customer(100);
    const robots = () => site.requests().filter((r) => r.path === '/robots.txt').length;
    const before = robots();
    const slowA1 = await startCrawl(a.key, { url: `${site.url}/`, limit: 50, delay: 60 });
    await until(robots, (n) => n === before + 1);
    const slowA2 = await startCrawl(a.key, { url: `${site.url}/`, limit: 50, delay: 60 });
    const idB = await startCrawl(b.key, { url: `${site.url}/`, limit: 50 });
    const doneB = await finished(b.key, idB);
    expect(doneB.status).toBe('completed');
    expect(doneB.completed).toBe(SITE_PAGES.length);
    // A's second crawl waited for A's first, which is pausing 60 s before its next request.
    expect(robots()).toBe(before + 2);
    expect((await status(a.key, slowA2)).completed).toBe(0);

    // Cancelled in its pause, the first crawl frees A's slot well before its 60 s pause would end.
    const cancelledAt = Date.now();
    expect((await (await call('DELETE', `/v2/crawl/${slowA1}`, a.key)).json()).status).toBe('cancelled');
    await until(robots, (n) => n === before + 3, 30_000);
    expect(Date.now() - cancelledAt).toBeLessThan(30_000);
    expect((await (await call('DELETE', `/v2/crawl/${slowA2}`, a.key)).json()).status).toBe('cancelled');
    await until(frontierRows, (n) => n === 0, 30_000);
  }, 120_000);
});
