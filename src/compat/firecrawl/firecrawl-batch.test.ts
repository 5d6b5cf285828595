/**
 * Firecrawl's batch scrape driven by the real `@mendable/firecrawl-js` client (v2 and its v1
 * client) against a Quarry server on loopback: each page charged once as a scrape.
 */
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';

let c: CompatApp;
let customer: { id: number; key: string };
let firecrawl: Firecrawl;

beforeAll(async () => {
  c = await startCompatApp({ PRICE_SCRAPE_BROWSER: '0' });
  customer = await c.h.t.customer(100);
  firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: c.baseUrl });
});
afterAll(async () => c?.close());

const sources = (docs: { metadata?: { sourceURL?: string } }[]) => docs.map((doc) => doc.metadata?.sourceURL).sort();

describe('batch scrape through firecrawl-js', () => {
  it('batchScrape waits for every page, each charged once (v2)', async () => {
    const urls = [`${c.site.url}/a`, `${c.site.url}/b`, `${c.site.url}/a/deeper`];
    const before = await c.balance(customer.id);
    const job = await firecrawl.batchScrape(urls, { options: { formats: ['markdown'], maxAge: 0 }, pollInterval: 1, timeout: 60 });
    expect(job.status).toBe('completed');
    expect(job.total).toBe(3);
    expect(job.completed).toBe(3);
    expect(job.creditsUsed).toBe(3);
    expect(sources(job.data)).toEqual(urls.sort());
    expect(job.data.find((doc) => doc.metadata?.sourceURL === `${c.site.url}/a`)?.markdown).toContain('# Alpha');
    expect(before - (await c.balance(customer.id))).toBe(3);
    await c.expectAuditClean();
  });

  it('startBatchScrape then getBatchScrapeStatus pages through the documents', async () => {
    const urls = [`${c.site.url}/a`, `${c.site.url}/b`];
    const started = await firecrawl.startBatchScrape(urls, { options: { formats: ['markdown'] } });
    expect(started.url).toBe(`${c.baseUrl}/v2/batch/scrape/${started.id}`);
    let status = await firecrawl.getBatchScrapeStatus(started.id);
    for (let i = 0; i < 100 && status.status === 'scraping'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await firecrawl.getBatchScrapeStatus(started.id);
    }
    expect(status).toMatchObject({ status: 'completed', completed: 2, total: 2 });
    expect(sources(status.data)).toEqual(urls.sort());
    const errors = await firecrawl.getBatchScrapeErrors(started.id);
    expect(errors).toEqual({ errors: [], robotsBlocked: [] });
  });

  it('the v1 client starts a batch and reads its status', async () => {
    // Not `batchScrapeUrls`: firecrawl-js v1 waits for it on `/v1/crawl/{id}`, which serves crawls only (docs/compat.md).
    const urls = [`${c.site.url}/a`, `${c.site.url}/b`];
    const started = await firecrawl.v1.asyncBatchScrapeUrls(urls, { formats: ['markdown'] });
    expect(started.success).toBe(true);
    const id = (started as { id: string }).id;
    let status = await firecrawl.v1.checkBatchScrapeStatus(id);
    for (let i = 0; i < 100 && status.success && status.status === 'scraping'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await firecrawl.v1.checkBatchScrapeStatus(id);
    }
    expect(status.success && status.status).toBe('completed');
    expect(status.success && status.data).toHaveLength(2);
  });

  it("refuses a bad webhook, and another account's batch is not found", async () => {
    const error = await firecrawl
      .startBatchScrape([`${c.site.url}/a`], { options: { formats: ['markdown'] }, webhook: 'ftp://example.com/hook' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(400);
    expect((error as SdkError).message).toMatch(/webhook/);

    const { id } = await firecrawl.startBatchScrape([`${c.site.url}/a`], { options: { formats: ['markdown'] } });
    const stranger = await c.h.t.customer(10);
    const other = new Firecrawl({ apiKey: stranger.key, apiUrl: c.baseUrl });
    const missing = await other.getBatchScrapeStatus(id).catch((e: unknown) => e);
    expect((missing as SdkError).status).toBe(404);
  });
});
