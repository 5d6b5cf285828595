import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCrawlSite, type CrawlSite } from '../../tests/support/index-crawl-site.js';
import { openIndexTestDatabase, type IndexTestDatabase } from '../../tests/support/index-databases.js';
import { TEST_DIALECT } from '../../tests/support/database.js';
import { createFetchEngine, systemResolver, type FetchEngine } from '../scrape/net/index.js';
import { parseQuery } from '../search/query.js';
import { createIndexer } from '../local-index/indexer.js';
import { createIndexStore, type IndexStore } from '../local-index/store.js';
import { createCrawler, type CrawlRequest } from './crawler.js';

describe('the crawler', () => {
  let site: CrawlSite;
  let database: IndexTestDatabase;
  let store: IndexStore;
  let fetchEngine: FetchEngine;
  let firstRequest = 0;

  beforeAll(async () => {
    site = await startCrawlSite();
  });
  afterAll(async () => site?.close());
  beforeEach(async () => {
    database = await openIndexTestDatabase(TEST_DIALECT);
    store = createIndexStore(database.handle.db, database.dialect);
    firstRequest = site.requests().length;
    // The site links to localhost:PORT as "another host"; answered as ::1, where the site (allowed as
    // 127.0.0.1:PORT) does not listen, it stays a loopback name the guard refuses.
    const resolver = async (hostname: string) => (hostname === 'localhost' ? [{ address: '::1', family: 6 as const }] : systemResolver(hostname));
    fetchEngine = createFetchEngine({ allowedHosts: [site.host], userAgent: 'QuarryBot/1.0', retry: { maxRetries: 0 }, resolver });
  });
  afterEach(async () => {
    await fetchEngine.close();
    await database.close();
  });

  const crawler = (options: { userAgent?: string; delayMs?: number } = {}) =>
    createCrawler({
      db: database.handle.db,
      fetchEngine,
      indexer: createIndexer({ store }),
      userAgent: options.userAgent ?? 'QuarryBot/1.0',
      delayMs: options.delayMs ?? 0,
    });
  const crawl = (overrides: Partial<CrawlRequest> = {}) => crawler().crawl({ seed: `${site.url}/`, maxPages: 50, maxDepth: 3, sameHost: true, ...overrides });
  const indexedPaths = async () =>
    (await store.search({ vertical: 'web', query: parseQuery(''), num: 100, page: 1, window: { sortByDate: false } }))
      .map((hit) => new URL((hit.item as { url: string }).url).pathname)
      .sort();
  const fetched = () =>
    site
      .requests()
      .slice(firstRequest)
      .map((request) => request.path);

  it('follows links and sitemaps, obeys robots.txt, noindex and nofollow', async () => {
    const report = await crawl();
    expect(await indexedPaths()).toEqual(
      ['/', '/a', '/a/deeper', '/a/deeper/deepest', '/b', '/b/deeper', '/found-via-noindex', '/nofollow-page', '/orphan'].sort(),
    );
    expect(fetched()).not.toContain('/private/secret');
    expect(fetched()).not.toContain('/hidden-behind-nofollow');
    expect(fetched()).not.toContain('/logo.png');
    expect(fetched()).toContain('/sitemap-pages.xml.gz');
    expect(report).toMatchObject({ finished: true, resumed: false, queued: 0, done: 9 });
    expect(report.skipped).toBe(2); // the disallowed page and the noindex page
  });

  it('stops at the depth limit', async () => {
    await crawl({ maxDepth: 1 });
    expect(await indexedPaths()).toEqual(['/', '/a', '/b', '/nofollow-page', '/orphan'].sort());
    expect(fetched()).not.toContain('/found-via-noindex');
  });

  it('stops at the page limit', async () => {
    const report = await crawl({ maxPages: 3 });
    expect(await indexedPaths()).toHaveLength(3);
    expect(report.done).toBe(3);
  });

  it('stays on the seed host with sameHost, and leaves other hosts to the address guard without it', async () => {
    await crawl({ maxDepth: 1 });
    expect(site.requests().filter((request) => request.path === '/elsewhere')).toEqual([]);
    const wide = await crawler().crawl({ seed: `${site.url}/`, maxPages: 50, maxDepth: 1, sameHost: false });
    expect(wide.failed).toBe(1);
    expect(fetched()).not.toContain('/elsewhere');
  });

  it('resumes an interrupted crawl where it stopped, fetching no page twice', async () => {
    const controller = new AbortController();
    let seen = 0;
    await expect(
      crawl({
        signal: controller.signal,
        onProgress: () => {
          if (++seen === 3) controller.abort(new Error('interrupted'));
        },
      }),
    ).rejects.toThrow('interrupted');
    const before = (await indexedPaths()).length;
    expect(before).toBeGreaterThan(0);
    const resumed = await crawl();
    expect(resumed.resumed).toBe(true);
    expect(await indexedPaths()).toHaveLength(9);
    const pageFetches = fetched().filter((path) => !path.startsWith('/robots') && !path.startsWith('/sitemap'));
    expect(new Set(pageFetches).size).toBe(pageFetches.length);
  });

  it('pauses between requests to one host', async () => {
    const started = site.requests().length;
    await crawler({ delayMs: 120 }).crawl({ seed: `${site.url}/`, maxPages: 3, maxDepth: 1, sameHost: true });
    const times = site
      .requests()
      .slice(started)
      .map((request) => request.at);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? at));
    expect(gaps.length).toBeGreaterThan(3);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(110);
  });

  it('obeys the robots.txt group of its own user agent', async () => {
    const report = await crawler({ userAgent: 'OtherBot/2.0' }).crawl({ seed: `${site.url}/`, maxPages: 5, maxDepth: 2, sameHost: true });
    expect(await indexedPaths()).toEqual([]);
    expect(report.done).toBe(0);
  });
});
