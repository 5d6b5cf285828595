/** The job queue on the suite's database: pg-boss on PostgreSQL, the in-process runner on SQLite. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../tests/support/database.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createLogger } from '../logging.js';
import { createJobQueue, type JobQueue, type JobsDatabase } from './index.js';

const log = createLogger('silent');
const settings = { concurrency: 2, retryLimit: 1, expireInSeconds: 60 };
let database: TestDatabase;
let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-jobs-'));
  handle = openDatabase({ url: database.url, sqliteFile: join(dataDir, 'jobs.db') });
  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const queue = () => createJobQueue({ dialect: handle.dialect, db: handle.db, databaseUrl: database.url, log, now: () => new Date() });

async function eventually(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`the job queue (${TEST_DIALECT})`, () => {
  it('runs each job once with its data', async () => {
    const q: JobQueue = await queue();
    const seen: number[] = [];
    await q.work<{ n: number }>('jobs-once', settings, async (job) => {
      seen.push(job.data.n);
    });
    const ids = await Promise.all([1, 2, 3].map((n) => q.send('jobs-once', { n })));
    expect(new Set(ids).size).toBe(3);
    await eventually(() => seen.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.sort()).toEqual([1, 2, 3]);
    await q.stop();
  });

  it('tries a failing job again, up to the retry limit', async () => {
    const q = await queue();
    let attempts = 0;
    await q.work('jobs-failing', { ...settings, retryLimit: 2 }, async () => {
      attempts += 1;
      throw new Error('kaput');
    });
    await q.send('jobs-failing', {});
    await eventually(() => attempts === 3, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).toBe(3);
    await q.stop();
  });

  it('keeps a job sent while no worker runs, for the next instance that works the queue', async () => {
    const sender = await queue();
    await sender.send('jobs-later', { payload: 'kept' });
    await sender.stop();
    const worker = await queue();
    const seen: unknown[] = [];
    await worker.work('jobs-later', settings, async (job) => {
      seen.push(job.data);
    });
    await eventually(() => seen.length === 1);
    expect(seen).toEqual([{ payload: 'kept' }]);
    await worker.stop();
  });

  it.skipIf(TEST_DIALECT !== 'sqlite')('runs again a job its dead process left active (SQLite: one process owns the file)', async () => {
    const at = new Date().toISOString();
    await handle.db
      .withTables<JobsDatabase>()
      .insertInto('background_jobs')
      .values({ id: 'left-active', queue: 'jobs-crashed', data: '{"n":7}', state: 'active', attempts: 1, error: null, created: at, updated: at })
      .execute();
    const q = await queue();
    const seen: unknown[] = [];
    await q.work('jobs-crashed', settings, async (job) => {
      seen.push(job.data);
    });
    await eventually(() => seen.length === 1);
    expect(seen).toEqual([{ n: 7 }]);
    await q.stop();
  });

  it('holds a job sent to start later until it is due', async () => {
    const q = await queue();
    const ran: number[] = [];
    await q.work('jobs-delayed', settings, async () => {
      ran.push(Date.now());
    });
    const sent = Date.now();
    await q.send('jobs-delayed', {}, { startAfterSeconds: 2 });
    await eventually(() => ran.length === 1);
    expect(ran[0]! - sent).toBeGreaterThanOrEqual(1_900);
    await q.stop();
  });

  it('gives a stopping job its shutdown signal', async () => {
    const q = await queue();
    let aborted = false;
    let started = false;
    await q.work('jobs-long', settings, async (_job, signal) => {
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = signal.aborted;
    });
    await q.send('jobs-long', {});
    await eventually(() => started);
    await q.stop(5_000);
    expect(aborted).toBe(true);
  });
});
