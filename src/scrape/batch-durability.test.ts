/**
 * A batch scrape outlives the process running it: killed with SIGKILL mid-way, it is taken up by
 * the next process on the same database and completes, every page charged exactly once and no
 * hold left open; on PostgreSQL two instances serving at once run each batch once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_ENDPOINT } from '../use-cases/batch-scrape.js';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { startBatchSite, type BatchSite } from '../../tests/support/batch-site.js';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../tests/support/database.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/processes.js';

const PAGES = 50;
const PRICE = 2;

let site: BatchSite;
let database: TestDatabase;
let dataDir: string;
let env: Record<string, string>;
/** Accounts and the ledger only: it runs no batch worker, so the server processes are the only ones. */
let admin: TestApp;

beforeAll(async () => {
  site = await startBatchSite();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-batch-kill-'));
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SIGNUP_CREDITS: '0',
    JWT_SIGNING_KEY: 'shared-signing-key-for-all-processes',
    KEY_ENCRYPTION_SECRET: 'shared-key-encryption-secret',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    SCRAPE_ALLOWED_HOSTS: site.host,
    PRICE_SCRAPE: String(PRICE),
    // A page's hold is then exactly its price.
    PRICE_SCRAPE_BROWSER: '0',
    BATCH_PAGE_CONCURRENCY: '4',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    // A hold a SIGKILL left unrecorded expires within the test; the TTL must outlive every work timeout.
    HOLD_TTL_SECONDS: '5',
    HOLD_SWEEP_SECONDS: '1',
    SCRAPE_TIMEOUT_MS: '1000',
    CHAT_TIMEOUT_MS: '1000',
    SEARCH_ENGINE_TIMEOUT_MS: '1000',
    BROWSER_IDLE_CAP_MS: '0',
  };
  admin = await startTestApp(env, { features: onlyFeatures() });
});
afterAll(async () => {
  await admin?.close();
  await site?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Status {
  status: string;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
}

const call = async (server: ServerProcess, key: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await request(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
};

async function startBatch(server: ServerProcess, key: string, urls: string[]): Promise<string> {
  const started = await call(server, key, 'POST', '/api/v1/scrape/batch', { urls, formats: ['markdown'] });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.id as string;
}

const status = async (server: ServerProcess, key: string, id: string) =>
  (await call(server, key, 'GET', `/api/v1/scrape/batch/${id}?limit=1`)).body as unknown as Status;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** The batch's row as the killed process left it (no server is running to ask). */
async function batchRow(id: string): Promise<{ status: string; completed: number } | undefined> {
  const { rows } = await sql<{ status: string; completed: number }>`SELECT status, completed FROM batch_scrapes WHERE id = ${id}`.execute(admin.quarry.db);
  return rows[0];
}

/** The batch's holds still open (neither settled, released nor expired). */
const openHolds = async (batchId: string) =>
  (await admin.quarry.db.selectFrom('holds').select('id').where('request_id', 'like', `batch:${batchId}:%`).where('status', '=', 'open').execute()).length;

/** Per page of the batch (its request id `batch:<id>:<seq>`), what the ledger took in all: holds, releases and charges added up. */
async function netChargePerPage(userId: number, batchId: string): Promise<Map<string, number>> {
  const entries = await admin.quarry.db
    .selectFrom('ledger_entries')
    .select(['request_id', 'amount', 'endpoint'])
    .where('user_id', '=', userId)
    .where('request_id', 'like', `batch:${batchId}:%`)
    .execute();
  const net = new Map<string, number>();
  for (const entry of entries) {
    expect(entry.endpoint).toBe(BATCH_ENDPOINT);
    net.set(entry.request_id!, (net.get(entry.request_id!) ?? 0) + Number(entry.amount));
  }
  return net;
}

async function expectEveryPageChargedOnce(userId: number, batchId: string, granted: number): Promise<void> {
  const net = await netChargePerPage(userId, batchId);
  expect(net.size).toBe(PAGES);
  expect(
    [...net.values()].every((amount) => amount === -PRICE),
    JSON.stringify([...net]),
  ).toBe(true);
  const row = (await admin.quarry.services.ledger.audit()).find((r) => r.userId === userId);
  expect(row).toMatchObject({ balance: granted - PAGES * PRICE, ledgerSum: granted - PAGES * PRICE, openHolds: 0 });
  for (const r of await admin.quarry.services.ledger.audit()) {
    expect(r.balance, r.email).toBe(r.ledgerSum);
    expect(r.openHolds, r.email).toBe(0);
  }
}

/**
 * Known gap on PostgreSQL: pg-boss (10.x, no heartbeat) hands a job whose process died to another
 * worker only once the job expires, and a batch job expires after `BATCH_EXPIRY_SECONDS` (6 h), so
 * the restarted instance does not take the batch up within the test. Marked as failing there until
 * the batch job can be recovered sooner; this marker then fails and must go.
 */
const resumesAfterSigkill = TEST_POSTGRES_URL ? it.fails : it;

describe('a batch scrape whose server is killed with SIGKILL mid-way', () => {
  resumesAfterSigkill(
    'completes after a restart, every page stored and charged exactly once, no hold left open',
    async ({ annotate }) => {
      const granted = 1000;
      const customer = await admin.customer(granted);
      const victim = await startServerProcess(env);
      let restarted: ServerProcess | undefined;
      try {
        const id = await startBatch(victim, customer.key, site.pages(PAGES, 300, 1000));
        const before = await until(
          () => status(victim, customer.key, id),
          (s) => s.completed >= 8,
        );
        await victim.kill('SIGKILL');
        const after = await batchRow(id);
        expect(after?.status).toBe('scraping');
        expect(after!.completed).toBeGreaterThanOrEqual(before.completed);
        expect(after!.completed).toBeLessThan(PAGES);
        const heldAtKill = await openHolds(id);

        restarted = await startServerProcess(env);
        // The rest takes a few seconds (42 pages, 4 at a time, 300 ms each): 20 s is ample.
        const done = await until(
          () => status(restarted!, customer.key, id),
          (s) => s.status !== 'scraping',
          20_000,
        );
        expect(done).toMatchObject({ status: 'completed', total: PAGES, completed: PAGES, failed: 0, credits_used: PAGES * PRICE });
        // A hold granted but not yet written on its page when the process died is the one the
        // restart cannot see: only its expiry (the sweeper) returns it.
        const leftOpen = await openHolds(id);
        await annotate(
          `batch SIGKILL: ${after!.completed}/${PAGES} pages done at the kill, ${heldAtKill} holds open then, ${leftOpen} left by the crash window`,
        );
        await until(
          () => openHolds(id),
          (open) => open === 0,
          30_000,
        );
        await expectEveryPageChargedOnce(customer.id, id, granted);
      } finally {
        await victim.kill('SIGKILL');
        await restarted?.kill();
      }
    },
    180_000,
  );
});

describe.runIf(TEST_POSTGRES_URL)('two instances on one PostgreSQL database', () => {
  it('run a batch once: every page fetched once, stored and charged exactly once', async () => {
    const granted = 1000;
    const customer = await admin.customer(granted);
    const servers = await Promise.all([1, 2].map(() => startServerProcess(env)));
    try {
      const fetchedBefore = site.requests();
      const id = await startBatch(servers[0]!, customer.key, site.pages(PAGES, 100, 2000));
      const done = await until(
        () => status(servers[1]!, customer.key, id),
        (s) => s.status !== 'scraping',
      );
      expect(done).toMatchObject({ status: 'completed', total: PAGES, completed: PAGES, failed: 0, credits_used: PAGES * PRICE });
      expect(site.requests() - fetchedBefore).toBe(PAGES);
      await expectEveryPageChargedOnce(customer.id, id, granted);
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
    }
  }, 180_000);
});
