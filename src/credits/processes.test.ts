import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/processes.js';

/**
 * Real server processes sharing one database (and Redis when the suite has one): what an
 * operator runs behind a load balancer, and what survives a SIGKILL.
 */
const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;

let database: TestDatabase;
let dataDir: string;
let env: Record<string, string>;
let admin: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-proc-'));
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SIGNUP_CREDITS: '0',
    JWT_SIGNING_KEY: 'shared-signing-key-for-all-processes',
    KEY_ENCRYPTION_SECRET: 'shared-key-encryption-secret',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  admin = await startTestApp(env);
});
afterAll(async () => {
  await admin.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

// A 5 s hold TTL must outlive every work timeout (config validation refuses it otherwise).
const SHORT_WORK_TIMEOUTS = { CHAT_TIMEOUT_MS: '1000', SCRAPE_TIMEOUT_MS: '1000', BROWSER_IDLE_CAP_MS: '0', SEARCH_ENGINE_TIMEOUT_MS: '1000' };

const meter = (server: ServerProcess, key: string, body: Record<string, unknown> = {}) =>
  request(`${server.url}/api/v1/test/metered`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    async (res) => ({ status: res.statusCode, body: await res.body.text() }),
    () => ({ status: 0, body: '' }),
  );

async function auditIsClean(): Promise<void> {
  for (const row of await admin.quarry.services.ledger.audit()) {
    expect(row.balance, row.email).toBe(row.ledgerSum);
    expect(row.openHolds, row.email).toBe(0);
  }
}

describe('two server processes on one database', () => {
  it('let exactly 50 of 200 concurrent requests through a balance of 50', async () => {
    const servers = await Promise.all([1, 2].map(() => startServerProcess({ ...env, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' })));
    try {
      const c = await admin.customer(50);
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => meter(servers[i % 2]!, c.key, { cost: 1 })));
      const codes = results.map((r) => r.status);
      expect(codes.filter((s) => s === 200)).toHaveLength(50);
      expect(codes.filter((s) => s === 402)).toHaveLength(150);
      expect(await admin.quarry.services.ledger.balance(c.id)).toBe(0);
      await auditIsClean();
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
    }
  }, 180_000);

  it.runIf(REDIS_URL)(
    'share one throttle through Redis',
    async () => {
      const shared = {
        ...env,
        REDIS_URL: REDIS_URL!,
        REDIS_KEY_PREFIX: `quarry-test-${process.pid}-${Date.now()}:`,
        THROTTLE_KEY_RATE: '10/hour',
        THROTTLE_ACCOUNT_RATE: '1000/hour',
      };
      const servers = await Promise.all([1, 2].map(() => startServerProcess(shared)));
      try {
        const c = await admin.customer(100);
        const results = [];
        for (let i = 0; i < 30; i++) results.push(await meter(servers[i % 2]!, c.key));
        expect(results.filter((r) => r.status === 200)).toHaveLength(10);
        expect(results.filter((r) => r.status === 429)).toHaveLength(20);
        expect(results.find((r) => r.status === 429)!.body).toBe('{"detail":"Request was throttled."}');
      } finally {
        await Promise.all(servers.map((s) => s.kill()));
      }
    },
    180_000,
  );
});

describe('a server killed with SIGKILL mid-load', () => {
  it('loses no credit: after the hold expiry the audit is clean and no hold remains', async () => {
    const crashEnv = {
      ...env,
      HOLD_TTL_SECONDS: '5',
      HOLD_SWEEP_SECONDS: '1',
      ...SHORT_WORK_TIMEOUTS,
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
    };
    const victim = await startServerProcess(crashEnv);
    const c = await admin.customer(100);
    const inFlight = Array.from({ length: 20 }, () => meter(victim, c.key, { cost: 1, hold: 3, delay_ms: 30_000 }));
    // Wait until the holds are taken, then kill the process before any settles.
    for (let i = 0; i < 100 && (await admin.quarry.services.ledger.balance(c.id)) > 40; i++) await sleep(50);
    expect(await admin.quarry.services.ledger.balance(c.id)).toBe(40);
    await victim.kill('SIGKILL');
    await Promise.all(inFlight);

    const rows = () => admin.quarry.services.ledger.audit().then((all) => all.find((r) => r.userId === c.id)!);
    expect((await rows()).openHolds).toBe(20);

    const restarted = await startServerProcess(crashEnv);
    try {
      for (let i = 0; i < 200 && (await rows()).openHolds > 0; i++) await sleep(100);
      expect(await rows()).toMatchObject({ openHolds: 0, balance: 100, ledgerSum: 100 });
      expect((await meter(restarted, c.key, { cost: 1 })).status).toBe(200);
      await auditIsClean();
    } finally {
      await restarted.kill();
    }
  }, 180_000);
});
