/**
 * A surface's view of a scraped page (Firecrawl's document) through the scrape use case, over a
 * real fetch engine, extraction and result cache and a loopback site: the rendering is stored
 * under the view's own name, a stored one is served at the page's price, `maxAgeMs` refuses a
 * copy older than it accepts, and a request's time limit ends the work with ScrapeTimeoutError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHtmlSite, type HtmlSite } from '../../tests/support/html-site.js';
import { createCachedRunner } from '../cache/cached.js';
import { createMemoryCache } from '../cache/memory.js';
import { InvalidInputError } from '../errors.js';
import { createBrowserEngine } from '../scrape/browser/index.js';
import { createFetchEngine } from '../scrape/net/index.js';
import { createScrapeService } from '../scrape/service.js';
import { createScrapeUseCase, ScrapeTimeoutError, type PageView, type ScrapeUseCase } from './scrape.js';

const PRICE = 3;
let site: HtmlSite;
let scrape: ScrapeUseCase;
let clock = Date.UTC(2026, 0, 10, 12);
const builds: string[] = [];

/** The page's title and where the client said it was: a view as small as a surface's can be. */
const titleView: PageView<{ title: string | null; sourceUrl: string }> = {
  name: 'test-title-view',
  formats: ['title'],
  build: async ({ result }, { sourceUrl }) => {
    builds.push(sourceUrl);
    return { title: result.data.metadata.title, sourceUrl };
  },
};

beforeAll(async () => {
  site = await startHtmlSite(
    (url) =>
      `<!doctype html><html lang="en"><head><title>Page ${url.pathname}</title></head><body><main><h1>Page ${url.pathname}</h1><p>Enough words about ${url.pathname} to count as the content of a page.</p></main></body></html>`,
  );
  const service = createScrapeService({
    fetchEngine: createFetchEngine({ allowedHosts: [site.host] }),
    browserEngine: createBrowserEngine({ executablePath: '/nonexistent/chromium' }),
    prices: { scrape: PRICE, browser: 5 },
  });
  scrape = createScrapeUseCase({
    service,
    cached: createCachedRunner(createMemoryCache(1 << 20)),
    cacheTtlSeconds: 3600,
    cacheHitCharge: 'full',
    now: () => new Date(clock),
  });
});
afterAll(async () => site?.close());

const signal = () => new AbortController().signal;

describe('a view of a scraped page', () => {
  it('is rendered once, stored under its own name, and served from the cache at the same price', async () => {
    const input = { url: `${site.url}/first#part`, render: 'never' as const };
    expect(await scrape.storedView(titleView, input)).toBeUndefined();
    const fresh = await scrape.runView(7, titleView, input, signal());
    expect(fresh.cost).toBe(PRICE);
    expect(fresh.body).toMatchObject({ document: { title: 'Page /first' }, cached: false, cost: PRICE, sourceUrl: `${site.url}/first#part` });
    const stored = await scrape.storedView(titleView, { ...input, url: `${site.url}/first` });
    expect(stored?.body).toMatchObject({ document: { title: 'Page /first' }, cached: true, cost: PRICE, fetchedAt: fresh.body.fetchedAt });
    // The stored rendering is the view's: Quarry's own scrape of the page has no entry yet.
    expect(await scrape.stored({ url: `${site.url}/first`, formats: ['markdown'], render: 'never' })).toBeUndefined();
    expect(builds.filter((url) => url.includes('/first'))).toHaveLength(1);
  });

  it('is scraped afresh when the stored one is older than maxAgeMs, or when maxAgeMs is 0', async () => {
    const input = { url: `${site.url}/aged`, render: 'never' as const };
    await scrape.runView(7, titleView, input, signal());
    clock += 60_000;
    expect(await scrape.storedView(titleView, { ...input, maxAgeMs: 30_000 })).toBeUndefined();
    expect(await scrape.storedView(titleView, { ...input, maxAgeMs: 90_000 })).toBeDefined();
    expect((await scrape.runView(7, titleView, { ...input, maxAgeMs: 30_000 }, signal())).body.cached).toBe(false);
    expect((await scrape.runView(7, titleView, { ...input, maxAgeMs: 0 }, signal())).body.cached).toBe(false);
    expect(builds.filter((url) => url.includes('/aged'))).toHaveLength(3);
  });

  it('refuses a URL that is not a fully qualified http(s) URL, before any lookup', async () => {
    await expect(scrape.storedView(titleView, { url: 'http:/nowhere', render: 'auto' })).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('ends with ScrapeTimeoutError when the request’s own time limit passes first', async () => {
    const slowView: PageView<string> = {
      name: 'test-slow-view',
      formats: [],
      build: (_scraped, context) =>
        new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true })),
    };
    const failure = scrape.runView(7, slowView, { url: `${site.url}/timed`, render: 'never', timeoutMs: 50 }, signal());
    await expect(failure).rejects.toBeInstanceOf(ScrapeTimeoutError);
    await expect(failure).rejects.toThrow('Scrape timed out after 50 ms');
  });
});
