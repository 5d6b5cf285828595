/**
 * The Firecrawl-compatible API driven by the real `@mendable/firecrawl-js` client (v2 and its v1
 * client) against a Quarry server on loopback: the local index and the crawl fixture site are the data.
 */
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';

let c: CompatApp;
let customer: { id: number; key: string; keyId: number; access: string };
let firecrawl: Firecrawl;

beforeAll(async () => {
  c = await startCompatApp();
  customer = await c.h.t.customer(1000);
  firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: c.baseUrl });
});
afterAll(async () => c?.close());

/** Runs `call` and returns how many credits it took from the customer. */
async function debit<T>(call: () => Promise<T>): Promise<{ result: T; spent: number }> {
  const before = await c.balance(customer.id);
  const result = await call();
  return { result, spent: before - (await c.balance(customer.id)) };
}

const path = (url: string) => new URL(url).pathname;

describe('scrape through firecrawl-js', () => {
  it('returns every supported format and Firecrawl metadata, charged as a scrape (v2)', async () => {
    const url = `${c.site.url}/a`;
    const { result: doc, spent } = await debit(() => firecrawl.scrape(url, { formats: ['markdown', 'html', 'rawHtml', 'links'], maxAge: 0, timeout: 20_000 }));
    expect(spent).toBe(1);
    expect(doc.markdown).toContain('# Alpha');
    expect(doc.html).toContain('<h1>Alpha</h1>');
    expect(doc.rawHtml).toContain('<title>Alpha</title>');
    expect(doc.links).toContain(`${c.site.url}/a/deeper`);
    expect(doc.metadata).toMatchObject({ title: 'Alpha', sourceURL: url, url, statusCode: 200, cacheState: 'miss', creditsUsed: 1 });
  });

  it("answers the v1 client with Quarry's structured JSON, and serves a copy within maxAge from the cache", async () => {
    const url = `${c.site.url}/b`;
    // firecrawl-js v2 insists on a prompt or schema for json (LLM extraction); its v1 client asks for the format as such.
    const v1 = await firecrawl.v1.scrapeUrl(url, { formats: ['markdown', 'json'] });
    expect(v1.success).toBe(true);
    expect(v1.success && v1.json).toMatchObject({ title: 'Bravo', url });
    const first = await firecrawl.scrape(url, { formats: ['markdown'] });
    expect(first.metadata?.cacheState).toBe('miss');
    const again = await debit(() => firecrawl.scrape(url, { formats: ['markdown'], maxAge: 60_000 }));
    expect(again.result.metadata?.cacheState).toBe('hit');
    expect(again.result.markdown).toContain('# Bravo');
  });

  it('refuses an option that would change the answer, as a Firecrawl 400', async () => {
    const error = await firecrawl.scrape(`${c.site.url}/a`, { formats: ['branding'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(400);
    expect((error as SdkError).message).toMatch(/format "branding" is not supported/);
    const actions = await firecrawl.scrape(`${c.site.url}/a`, { actions: [{ type: 'wait', milliseconds: 10 }] }).catch((e: unknown) => e);
    expect((actions as SdkError).message).toMatch(/actions/);
    // The model's formats on a crawl or a search's scraped hits: one model call a page is not to be had by accident.
    const searched = await firecrawl.search('solar storm', { limit: 2, scrapeOptions: { formats: ['summary'] } }).catch((e: unknown) => e);
    expect((searched as SdkError).status).toBe(400);
    expect((searched as SdkError).message).toMatch(/scrapeOptions\.formats\[0\]: LLM formats .* are supported on \/scrape only/);
  });

  it('answers 503 for the LLM formats on a server without a chat model, charging nothing', async () => {
    const { result: error, spent } = await debit(() =>
      firecrawl.scrape(`${c.site.url}/a`, { formats: [{ type: 'json', prompt: 'the title' }] }).catch((e: unknown) => e),
    );
    expect((error as SdkError).status).toBe(503);
    expect(spent).toBe(0);
  });
});

describe('search through firecrawl-js', () => {
  it('answers v2 with data per source, charged per source', async () => {
    const { result, spent } = await debit(() => firecrawl.search('solar storm', { sources: ['web', 'news'], limit: 3 }));
    expect(spent).toBe(2);
    expect(result.web?.length).toBeGreaterThan(0);
    expect(result.web?.[0]).toMatchObject({
      url: 'https://news.example.com/2025/06/solar-storm-lights-up-skies',
      title: 'Solar storm lights up northern skies',
    });
    expect(Array.isArray(result.news)).toBe(true);
  });

  it('scrapes the hits with scrapeOptions.formats, each charged as a scrape', async () => {
    // The fixture site's pages in the index, so the hits to scrape are on loopback.
    const pages = await Promise.all(
      ['/a', '/a/deeper'].map(async (p) => ({ name: p, url: `${c.site.url}${p}`, html: await (await fetch(`${c.site.url}${p}`)).text() })),
    );
    await c.h.index(pages, new Date());
    const { result, spent } = await debit(() => firecrawl.search('alpha site:127.0.0.1', { limit: 2, scrapeOptions: { formats: ['markdown'] } }));
    const web = (result.web ?? []) as { url: string; markdown?: string; metadata?: { sourceURL?: string } }[];
    expect(web.map((hit) => path(hit.url)).sort()).toEqual(['/a', '/a/deeper']);
    for (const hit of web) {
      expect(hit.markdown).toMatch(/^# Alpha/);
      expect(hit.metadata?.sourceURL).toBe(hit.url);
    }
    expect(spent).toBe(1 + web.length);
  });

  it('answers the v1 client with a flat data array', async () => {
    const response = await firecrawl.v1.search('solar storm', { limit: 2 });
    expect(response.success).toBe(true);
    expect(response.data.length).toBeGreaterThan(0);
    expect(response.data[0]?.url).toBe('https://news.example.com/2025/06/solar-storm-lights-up-skies');
  });
});

describe('map through firecrawl-js', () => {
  it('lists the page links and the sitemap URLs of the site', async () => {
    const { result, spent } = await debit(() => firecrawl.map(`${c.site.url}/`));
    expect(spent).toBe(1);
    const paths = result.links.map((link) => path(link.url));
    expect(paths).toEqual(expect.arrayContaining(['/', '/a', '/b', '/orphan']));
    expect(paths).not.toContain('/elsewhere');
    const v1 = await firecrawl.v1.mapUrl(`${c.site.url}/`, { search: 'orphan' });
    expect(v1.success && 'links' in v1 ? v1.links : []).toEqual([`${c.site.url}/orphan`]);
  });
});

describe('crawl through firecrawl-js', () => {
  const expected = ['/', '/a', '/a/deeper', '/a/deeper/deepest', '/b', '/b/deeper', '/found-via-noindex', '/noindex-page', '/nofollow-page', '/orphan'].sort();

  it('crawls the site with robots.txt and sitemaps, charging each page as a scrape', async () => {
    const { result: job, spent } = await debit(() => firecrawl.crawl(`${c.site.url}/`, { limit: 50, pollInterval: 1, timeout: 60 }));
    expect(job.status).toBe('completed');
    const paths = job.data.map((doc) => path(String(doc.metadata?.sourceURL))).sort();
    expect(paths).toEqual(expected);
    expect(job.completed).toBe(expected.length);
    expect(job.total).toBe(expected.length);
    expect(job.creditsUsed).toBe(expected.length);
    expect(spent).toBe(expected.length);
    expect(job.data.find((doc) => path(String(doc.metadata?.sourceURL)) === '/a')?.markdown).toContain('# Alpha');
    const errors = await firecrawl.getCrawlErrors(job.id);
    expect(errors.robotsBlocked).toEqual([`${c.site.url}/private/secret`]);
    expect(errors.errors).toEqual([]);
    const v1 = await firecrawl.v1.checkCrawlErrors(job.id);
    expect('robotsBlocked' in v1 && v1.robotsBlocked).toEqual([`${c.site.url}/private/secret`]);
  });

  it('answers the v1 client, whose polling needs `next` left out on the last page', async () => {
    const { result, spent } = await debit(() => firecrawl.v1.crawlUrl(`${c.site.url}/`, { limit: 3 }, 1));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.status).toBe('completed');
    expect(result.data).toHaveLength(3);
    expect(spent).toBe(3);
  });

  it('stops cleanly when the credits run out', async () => {
    const poor = await c.h.t.customer(3);
    const client = new Firecrawl({ apiKey: poor.key, apiUrl: c.baseUrl });
    const job = await client.crawl(`${c.site.url}/`, { limit: 50, pollInterval: 1, timeout: 60 });
    expect(job.status).toBe('completed');
    expect(job.data).toHaveLength(3);
    expect(job.creditsUsed).toBe(3);
    expect(await c.balance(poor.id)).toBe(0);
  });

  it('cancels a crawl, and hides it from other accounts', async () => {
    const started = await firecrawl.startCrawl(`${c.site.url}/`, { limit: 50, delay: 2 });
    const other = new Firecrawl({ apiKey: (await c.h.t.customer(10)).key, apiUrl: c.baseUrl });
    const foreign = await other.getCrawlStatus(started.id).catch((e: unknown) => e);
    expect((foreign as SdkError).status).toBe(404);
    expect(await firecrawl.cancelCrawl(started.id)).toBe(true);
    expect((await firecrawl.getCrawlStatus(started.id)).status).toBe('cancelled');
  });
});

describe('authentication', () => {
  it('a revoked key fails the way firecrawl-js reports an auth error', async () => {
    const owner = await c.h.t.customer(10);
    const revoke = await c.h.t.quarry.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${owner.keyId}/`,
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(revoke.statusCode).toBe(204);
    const client = new Firecrawl({ apiKey: owner.key, apiUrl: c.baseUrl });
    const error = await client.scrape(`${c.site.url}/a`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(401);
    expect((error as SdkError).message).toMatch(/^Unauthorized/);
    const v1 = await client.v1.scrapeUrl(`${c.site.url}/a`, {}).catch((e: unknown) => e);
    expect((v1 as Error).message).toBe('Unexpected error occurred while trying to scrape URL. Status code: 401');
    expect(await c.balance(owner.id)).toBe(10);
  });
});

describe('the ledger', () => {
  it('is clean after every call of the suite', async () => {
    await c.expectAuditClean();
  });
});
