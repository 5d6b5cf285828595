/**
 * The crawl operations without HTTP, over the real crawl store and ledger: a crawl belongs to the
 * account that started it (anyone else is told it does not exist), a crawl that cannot pay for
 * one page is refused before anything is stored or queued, status comes a bounded page of
 * documents at a time, and a cancel says whether it stopped the crawl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createCrawlStore, type CrawlStore } from '../compat/firecrawl/crawl-store.js';
import type { FirecrawlDocument } from '../compat/firecrawl/document.js';
import { InsufficientCreditsError } from '../credits/ledger.js';
import { CRAWL_PAGE_SIZE, CRAWL_RETENTION_MS, createCrawlUseCase, type CrawlUseCase } from './crawl.js';

const NOW = new Date(Date.UTC(2026, 0, 10, 12));
const PRICE_PER_PAGE = 2;

let t: TestApp;
let store: CrawlStore;
let crawls: CrawlUseCase<FirecrawlDocument>;
const queued: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  store = createCrawlStore(t.quarry.db, t.quarry.dialect, () => NOW);
  crawls = createCrawlUseCase({
    store,
    enqueue: async (id) => void queued.push(id),
    ledger: t.quarry.services.ledger,
    pricePerPage: PRICE_PER_PAGE,
    maxPageBytes: 1000,
    now: () => NOW,
  });
});
afterAll(async () => t?.close());

async function account(credits: number) {
  const customer = await t.customer(credits);
  return { accountId: customer.id, keyId: customer.keyId };
}

const plan = { seed: 'https://site.example/docs/', limit: 10 };
const documentOf = (n: number, size = 10): FirecrawlDocument => {
  const url = `https://site.example/docs/${n}`;
  return { metadata: { sourceURL: url, url, statusCode: 200, proxyUsed: 'basic' }, markdown: 'x'.repeat(size) };
};

describe('starting a crawl', () => {
  it('stores the plan under the caller and hands the crawl to the queue', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    expect(queued).toContain(id);
    const row = await store.find(id, owner.accountId);
    expect(row).toMatchObject({ url: plan.seed, apiKeyId: owner.keyId, status: 'scraping' });
    expect(JSON.parse(row!.options)).toEqual(plan);
  });

  it('refuses a crawl that could not pay for its first page, storing and queueing nothing', async () => {
    const poor = await account(PRICE_PER_PAGE - 1);
    const before = queued.length;
    await expect(crawls.start(poor, { seed: plan.seed, plan })).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(queued.length).toBe(before);
  });
});

describe("another account's crawl", () => {
  it('does not exist for status, cancel or errors, and stays running', async () => {
    const owner = await account(10);
    const stranger = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    expect(await crawls.status(stranger, id, { skip: 0 })).toBeUndefined();
    expect(await crawls.cancel(stranger, id)).toBeUndefined();
    expect(await crawls.errors(stranger, id)).toBeUndefined();
    expect((await crawls.status(owner, id, { skip: 0 }))?.status).toBe('scraping');
  });
});

describe('the status of a crawl', () => {
  it('comes a page of documents at a time, bounded by bytes, with where the next page starts', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    // Each stored document is about 130 bytes: a 1000-byte page holds a handful.
    for (let n = 1; n <= 25; n++) await store.addPage(id, `https://site.example/docs/${n}`, documentOf(n));
    const first = await crawls.status(owner, id, { skip: 0 });
    expect(first!.documents.length).toBeGreaterThan(1);
    expect(first!.documents.length).toBeLessThan(25);
    expect(first!.nextSkip).toBe(first!.documents.length);
    const second = await crawls.status(owner, id, { skip: first!.nextSkip!, limit: 2 });
    expect(second!.documents.map((d) => d.metadata.url)).toEqual([
      `https://site.example/docs/${first!.nextSkip! + 1}`,
      `https://site.example/docs/${first!.nextSkip! + 2}`,
    ]);
    const last = await crawls.status(owner, id, { skip: 24 });
    expect(last!.documents).toHaveLength(1);
    expect(last!.nextSkip).toBeUndefined();
  });

  it('asks for a whole page when the limit is 0, unreadable or above the page size', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    for (let n = 1; n <= 3; n++) await store.addPage(id, `https://site.example/docs/${n}`, documentOf(n, 1));
    for (const limit of [0, Number.NaN, CRAWL_PAGE_SIZE + 1]) expect((await crawls.status(owner, id, { skip: 0, limit }))!.documents).toHaveLength(3);
  });

  it('says a running crawl expires a day from now, and a finished one a day after its end', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    expect((await crawls.status(owner, id, { skip: 0 }))!.expiresAt).toEqual(new Date(NOW.getTime() + CRAWL_RETENTION_MS));
    await store.finish(id, 'completed', 'stopped early');
    const finished = await crawls.status(owner, id, { skip: 0 });
    expect(finished).toMatchObject({ status: 'completed', warning: 'stopped early' });
    expect(finished!.expiresAt).toEqual(new Date(NOW.getTime() + CRAWL_RETENTION_MS));
  });
});

describe('cancelling a crawl', () => {
  it('stops a running crawl, and cancelling it again says the same', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    expect(await crawls.cancel(owner, id)).toEqual({ cancelled: true });
    expect((await crawls.status(owner, id, { skip: 0 }))?.status).toBe('cancelled');
    expect(await crawls.cancel(owner, id)).toEqual({ cancelled: true });
  });

  it('leaves a finished crawl as it ended', async () => {
    const owner = await account(10);
    const { id } = await crawls.start(owner, { seed: plan.seed, plan });
    await store.finish(id, 'completed');
    expect(await crawls.cancel(owner, id)).toEqual({ cancelled: false, status: 'completed' });
  });
});
