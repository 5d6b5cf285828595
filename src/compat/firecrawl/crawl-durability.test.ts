/**
 * A crawl outlives its instance: stopped mid-way by a shutdown, it is taken up by the next
 * instance on the same database (pg-boss on PostgreSQL, the job table on SQLite), resumes its
 * frontier, and charges no page twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { startCrawlSite, type CrawlSite } from '../../../tests/support/index-crawl-site.js';

let site: CrawlSite;
let database: TestDatabase;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  site = await startCrawlSite();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-crawl-'));
  env = {
    DATA_DIR: dataDir,
    ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
    SCRAPE_ALLOWED_HOSTS: site.host,
    CRAWL_DELAY_MS: '150',
    PRICE_SCRAPE: '1',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
  };
});
afterAll(async () => {
  await site?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = async (t: TestApp, key: string, id: string) =>
  (await t.quarry.app.inject({ method: 'GET', url: `/v2/crawl/${id}`, headers: { authorization: `Bearer ${key}` } })).json() as {
    status: string;
    completed: number;
    creditsUsed: number;
    data: { metadata: { sourceURL: string } }[];
  };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('resumes on the next instance after a shutdown, charging every page once', async () => {
  const first = await startTestApp(env);
  const customer = await first.customer(100);
  const start = await first.quarry.app.inject({
    method: 'POST',
    url: '/v2/crawl',
    headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
    payload: { url: `${site.url}/`, limit: 50 },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { id } = start.json() as { id: string };
  const partial = await until(
    () => status(first, customer.key, id),
    (s) => s.completed >= 2,
  );
  await first.close();
  expect(partial.status).toBe('scraping');

  const second = await startTestApp(env);
  try {
    const done = await until(
      () => status(second, customer.key, id),
      (s) => s.status !== 'scraping',
    );
    expect(done.status).toBe('completed');
    expect(done.completed).toBe(10);
    expect(new Set(done.data.map((doc) => doc.metadata.sourceURL)).size).toBe(10);
    expect(done.creditsUsed).toBe(10);
    const row = (await second.quarry.services.ledger.audit()).find((r) => r.userId === customer.id);
    expect(row).toMatchObject({ balance: 90, ledgerSum: 90, openHolds: 0 });
  } finally {
    await second.close();
  }
});
