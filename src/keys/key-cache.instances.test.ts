import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../tests/support/database.js';
import { openCliServices } from '../cli/services.js';
import { loadConfig } from '../config/secrets.js';

/**
 * Issue 13: two app instances on one database, each caching verified keys for an hour
 * (KEY_CACHE_SECONDS=3600, so expiry cannot explain anything). With a shared Redis a revoke,
 * reset or lock on one instance is refused by the other within 1 s (pub/sub); without Redis
 * the other instance keeps its cached answer, which shows the first test could fail.
 */
const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-keycache-'));
});
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function twoInstances(extra: Record<string, string>): Promise<[TestApp, TestApp]> {
  const env = {
    DATA_DIR: dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    JWT_SIGNING_KEY: 'one signing key for both instances',
    KEY_ENCRYPTION_SECRET: 'one key encryption secret for both',
    KEY_CACHE_SECONDS: '3600',
    ...extra,
  };
  // One after the other: both apply migrations at start.
  const first = await startTestApp(env);
  const second = await startTestApp(env);
  return [first, second];
}

const credits = (app: TestApp, key: string) => app.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key } });
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** Milliseconds until `app` refuses `key`; fails after `limitMs`. */
async function msUntilRefused(app: TestApp, key: string, since: number, limitMs: number): Promise<number> {
  for (;;) {
    const status = (await credits(app, key)).statusCode;
    const elapsed = Date.now() - since;
    if (status === 401) return elapsed;
    expect(status).toBe(200);
    if (elapsed > limitMs) return elapsed;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(REDIS_URL)(`two instances sharing Redis (${TEST_DIALECT})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await twoInstances({ REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: `quarry-test-keycache-${process.pid}-${Date.now()}:` });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a key revoked on one instance is refused by the other within 1 s', async () => {
    const c = await a.customer(5);
    expect((await credits(a, c.key)).statusCode).toBe(200);
    expect((await credits(b, c.key)).statusCode).toBe(200);
    const revoked = await a.quarry.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${c.keyId}/`, headers: bearer(c.access) });
    expect(revoked.statusCode).toBe(204);
    expect(await msUntilRefused(b, c.key, Date.now(), 1000)).toBeLessThan(1000);
    expect((await credits(a, c.key)).statusCode).toBe(401);
  });

  it('a key reset on one instance is refused by the other within 1 s; the new key works on both', async () => {
    const c = await a.customer(5);
    expect((await credits(a, c.key)).statusCode).toBe(200);
    expect((await credits(b, c.key)).statusCode).toBe(200);
    const reset = await b.quarry.app.inject({ method: 'POST', url: `/api/v1/api-keys/${c.keyId}/reset/`, headers: bearer(c.access), payload: {} });
    expect(reset.statusCode).toBe(201);
    expect(await msUntilRefused(a, c.key, Date.now(), 1000)).toBeLessThan(1000);
    const fresh = reset.json<{ key: string }>().key;
    expect((await credits(a, fresh)).statusCode).toBe(200);
    expect((await credits(b, fresh)).statusCode).toBe(200);
  });

  it("the operator's lock on one instance stops the account's keys on the other within 1 s", async () => {
    const c = await a.customer(5);
    expect((await credits(b, c.key)).statusCode).toBe(200);
    await a.quarry.services.accounts.setLocked(c.email, true);
    expect(await msUntilRefused(b, c.key, Date.now(), 1000)).toBeLessThan(1000);
  });

  it('`quarry users lock` (the CLI, with its own services) stops the keys on both instances within 1 s', async () => {
    const c = await a.customer(5);
    expect((await credits(a, c.key)).statusCode).toBe(200);
    expect((await credits(b, c.key)).statusCode).toBe(200);
    const cli = await openCliServices(loadConfig(a.env), { notice: (line) => expect.fail(line) });
    try {
      await cli.accounts.setLocked(c.email, true);
    } finally {
      await cli.close();
    }
    const lockedAt = Date.now();
    expect(await msUntilRefused(a, c.key, lockedAt, 1000)).toBeLessThan(1000);
    expect(await msUntilRefused(b, c.key, lockedAt, 1000)).toBeLessThan(1000);
  });

  it('`quarry keys revoke` (the CLI, with its own services) stops the key on both instances within 1 s', async () => {
    const c = await a.customer(5);
    expect((await credits(a, c.key)).statusCode).toBe(200);
    expect((await credits(b, c.key)).statusCode).toBe(200);
    const cli = await openCliServices(loadConfig(a.env), { notice: (line) => expect.fail(line) });
    try {
      await cli.keys.revoke(c.id, c.keyId);
    } finally {
      await cli.close();
    }
    const revokedAt = Date.now();
    expect(await msUntilRefused(a, c.key, revokedAt, 1000)).toBeLessThan(1000);
    expect(await msUntilRefused(b, c.key, revokedAt, 1000)).toBeLessThan(1000);
  });
});

describe(`two instances without Redis (${TEST_DIALECT})`, () => {
  it('the other instance keeps its cached answer: only the announcement makes a revoke reach it', async () => {
    const [a, b] = await twoInstances({});
    try {
      const c = await a.customer(5);
      expect((await credits(b, c.key)).statusCode).toBe(200);
      const revoked = await a.quarry.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${c.keyId}/`, headers: bearer(c.access) });
      expect(revoked.statusCode).toBe(204);
      expect((await credits(a, c.key)).statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await credits(b, c.key)).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
