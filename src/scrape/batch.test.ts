/**
 * `POST /api/v1/scrape/batch` and its status, errors and cancel, against a loopback site: every
 * page charged once as a scrape when it completes, failures listed and free, a cancel that stops
 * the batch, credits that run out mid-way, and batches another account cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { startBatchSite, type BatchSite } from '../../tests/support/batch-site.js';

let t: TestApp;
let site: BatchSite;

beforeAll(async () => {
  site = await startBatchSite();
  t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: site.host,
    PRICE_SCRAPE: '1',
    // Every page's hold is then exactly its price: a balance of 3 pays for 3 pages.
    PRICE_SCRAPE_BROWSER: '0',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    BATCH_PAGE_CONCURRENCY: '2',
    BATCH_MAX_URLS: '30',
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

interface Status {
  status: string;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  warning?: string;
  next?: string;
  pages: { url: string; status: string; result?: { markdown?: string; metadata: { source_url: string } }; error?: string }[];
}

const auth = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

async function start(key: string, body: Record<string, unknown>) {
  return t.quarry.app.inject({ method: 'POST', url: '/api/v1/scrape/batch', headers: auth(key), payload: body });
}

async function read(key: string, path: string) {
  return t.quarry.app.inject({ method: 'GET', url: path, headers: auth(key) });
}

async function until(key: string, id: string, done: (s: Status) => boolean, timeoutMs = 30_000): Promise<Status> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await read(key, `/api/v1/scrape/batch/${id}`)).json() as Status;
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify({ ...status, pages: status.pages.length })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ended = (s: Status) => s.status !== 'scraping';

describe('a batch scrape', () => {
  it('scrapes every URL, charges each completed page once, lists the failure, and pages its status with next', async () => {
    const customer = await t.customer(100);
    const urls = [...site.pages(4), `${site.url}/missing`];
    const started = await start(customer.key, { urls, formats: ['markdown'] });
    expect(started.statusCode, started.body).toBe(200);
    const { id, url } = started.json() as { id: string; url: string };
    expect(url).toMatch(new RegExp(`/api/v1/scrape/batch/${id}$`));

    const done = await until(customer.key, id, ended);
    expect(done).toMatchObject({ status: 'completed', total: 5, completed: 4, failed: 1, credits_used: 4 });
    expect(done.pages.map((page) => page.url)).toEqual(urls);
    expect(done.pages[0]!.result!.markdown).toContain('Page 1');
    expect(done.pages[4]).toMatchObject({ status: 'failed' });
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(96);

    const errors = (await read(customer.key, `/api/v1/scrape/batch/${id}/errors`)).json() as { errors: { url: string; error: string }[] };
    expect(errors.errors).toEqual([expect.objectContaining({ url: `${site.url}/missing`, error: expect.stringMatching(/404/) })]);

    const first = (await read(customer.key, `/api/v1/scrape/batch/${id}?limit=2`)).json() as Status;
    expect(first.pages).toHaveLength(2);
    expect(first.next).toBeDefined();
    const nextUrl = new URL(first.next!);
    const second = (await read(customer.key, `${nextUrl.pathname}${nextUrl.search}`)).json() as Status;
    expect(second.pages.map((page) => page.url)).toEqual(urls.slice(2));
    expect(second.next).toBeUndefined();
  });

  it("is another account's secret: 404 on status, errors and cancel", async () => {
    const owner = await t.customer(10);
    const stranger = await t.customer(10);
    const { id } = (await start(owner.key, { urls: site.pages(1), formats: ['markdown'] })).json() as { id: string };
    expect((await read(stranger.key, `/api/v1/scrape/batch/${id}`)).statusCode).toBe(404);
    expect((await read(stranger.key, `/api/v1/scrape/batch/${id}/errors`)).statusCode).toBe(404);
    const cancel = await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/scrape/batch/${id}`, headers: auth(stranger.key) });
    expect(cancel.statusCode).toBe(404);
    await until(owner.key, id, ended);
  });

  it('stops on cancel: the pages after it are neither scraped nor charged', async () => {
    const customer = await t.customer(100);
    const { id } = (await start(customer.key, { urls: site.pages(20, 300, 100), formats: ['markdown'] })).json() as { id: string };
    await until(customer.key, id, (s) => s.completed >= 2);
    const cancel = await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/scrape/batch/${id}`, headers: auth(customer.key) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Pages in flight when the cancel came end unstored and unpaid.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const after = (await read(customer.key, `/api/v1/scrape/batch/${id}`)).json() as Status;
    expect(after.status).toBe('cancelled');
    expect(after.completed).toBeLessThan(20);
    expect(after.pages.filter((page) => page.status === 'completed')).toHaveLength(after.completed);
    expect(after.pages.filter((page) => page.status === 'pending')).toHaveLength(0);
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(100 - after.completed);
    const again = await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/scrape/batch/${id}`, headers: auth(customer.key) });
    // A second cancel changes nothing and says so as the first did.
    expect(again.statusCode).toBe(200);
    expect((await read(customer.key, `/api/v1/scrape/batch/${id}`)).json()).toMatchObject({ status: 'cancelled', completed: after.completed });
    const row = (await t.quarry.services.ledger.audit()).find((r) => r.userId === customer.id);
    expect(row).toMatchObject({ openHolds: 0 });
  });

  it('ends cleanly when the credits run out: completed with a warning, the rest skipped and free', async () => {
    const customer = await t.customer(3);
    const { id } = (await start(customer.key, { urls: site.pages(8, 0, 200), formats: ['markdown'] })).json() as { id: string };
    const done = await until(customer.key, id, ended);
    expect(done.status).toBe('completed');
    expect(done.warning, JSON.stringify(done.pages.map((p) => [p.status, p.error]))).toMatch(/ran out of credits/);
    expect(done.completed).toBe(3);
    expect(done.credits_used).toBe(3);
    expect(done.pages.filter((page) => page.status === 'skipped')).toHaveLength(5);
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(0);
    const row = (await t.quarry.services.ledger.audit()).find((r) => r.userId === customer.id);
    expect(row).toMatchObject({ balance: 0, ledgerSum: 0, openHolds: 0 });
  });
});

describe('batch scrape limits and bad input', () => {
  it('answers 400 for too many URLs, a bad URL, a bad webhook or a model format, and 402 without credits', async () => {
    const customer = await t.customer(10);
    const tooMany = await start(customer.key, { urls: site.pages(31), formats: ['markdown'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toHaveProperty('urls');
    const bad = await start(customer.key, { urls: [site.pages(1)[0], 'not a url'], formats: ['markdown'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ urls: { '1': [expect.any(String)] } });
    const webhook = await start(customer.key, { urls: site.pages(1), formats: ['markdown'], webhook: { url: 'https://example.com/hook', secret: 'x' } });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).toEqual({ webhook: [expect.stringMatching(/secret/)] });
    const summary = await start(customer.key, { urls: site.pages(1), formats: ['summary'] });
    expect(summary.statusCode).toBe(400);
    const broke = await t.customer(0);
    expect((await start(broke.key, { urls: site.pages(1), formats: ['markdown'] })).statusCode).toBe(402);
  });

  it('answers 429 when the account already runs BATCH_MAX_ACTIVE_PER_ACCOUNT batches, and lets another account start', async () => {
    const busy = await t.customer(100);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await start(busy.key, { urls: site.pages(3, 400, 300 + i * 10), formats: ['markdown'] });
      expect(response.statusCode, response.body).toBe(200);
      ids.push((response.json() as { id: string }).id);
    }
    const third = await start(busy.key, { urls: site.pages(1), formats: ['markdown'] });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: expect.stringMatching(/already runs 2 batch scrapes/) });
    const other = await t.customer(10);
    expect((await start(other.key, { urls: site.pages(1, 0, 400), formats: ['markdown'] })).statusCode).toBe(200);
    for (const id of ids) await until(busy.key, id, ended);
  });
});
