import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../app.js';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { meteredTestFeature } from '../../tests/support/metered-feature.js';

let t: TestApp;
const metered = meteredTestFeature();

beforeAll(async () => {
  t = await startTestApp(
    { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' },
    { features: (parts) => [...defaultFeatures(parts), metered.feature(parts)] },
  );
});
afterAll(async () => t.close());

const call = (key: string | undefined, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', payload, headers: { ...(key ? { 'x-api-key': key } : {}), ...headers } });

async function auditIsClean(): Promise<void> {
  const rows = await t.quarry.services.ledger.audit();
  for (const row of rows) {
    expect(row.balance, `account ${row.email}`).toBe(row.ledgerSum);
    expect(row.openHolds, `account ${row.email}`).toBe(0);
  }
}

describe('the metered lifecycle', () => {
  it('charges the actual cost and says so in the headers', async () => {
    const c = await t.customer(10);
    const res = await call(c.key, { cost: 2, hold: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-used']).toBe('2');
    expect(res.headers['x-credits-remaining']).toBe('8');
    expect(res.headers['ratelimit-limit']).toBeDefined();
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(8);
    await auditIsClean();
  });

  it('charges nothing when the work fails', async () => {
    const c = await t.customer(3);
    const res = await call(c.key, { cost: 2, fail: true });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The test upstream failed.' });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(3);
    await auditIsClean();
  });

  it('answers 402 with the contract body when the hold cannot be covered', async () => {
    const c = await t.customer(1);
    const res = await call(c.key, { cost: 2 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits', credits_remaining: 1, upgrade_url: '/plans' });
  });

  it('refuses missing, unknown and revoked keys before doing anything', async () => {
    const c = await t.customer(5);
    for (const key of [undefined, 'qk_' + 'x'.repeat(43), 'nonsense']) {
      const res = await call(key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or inactive API key.' });
    }
    await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${c.keyId}/`, headers: { authorization: `Bearer ${c.access}` } });
    expect((await call(c.key)).statusCode).toBe(401);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(5);
  });

  it('validates after authenticating, takes JSON only, and holds nothing for bad input', async () => {
    const c = await t.customer(5);
    const bad = await call(c.key, { cost: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ cost: ['A valid integer is required.'] });
    const form = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/test/metered',
      payload: 'cost=1',
      headers: { 'x-api-key': c.key, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.' });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(5);
  });

  it('records usage from the ledger, by day, key and endpoint', async () => {
    const c = await t.customer(20);
    for (let i = 0; i < 3; i++) await call(c.key, { cost: 2 });
    await call(c.key, { cost: 1, fail: true });
    const auth = { authorization: `Bearer ${c.access}` };
    for (const group of ['day', 'key', 'endpoint'] as const) {
      const res = await t.quarry.app.inject({ method: 'GET', url: `/api/v1/usage/?group=${group}`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toEqual({ requests: 4, credits: 6, failed: 1 });
      expect(res.json().results).toHaveLength(1);
    }
    const byKey = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/?group=key', headers: auth });
    expect(byKey.json().results[0]).toEqual({ key_id: c.keyId, requests: 4, credits: 6, failed: 1 });
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/?from=yesterday', headers: auth })).json()).toEqual({
      from: ['Enter a valid date (YYYY-MM-DD) or UTC datetime.'],
    });
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/?group=week', headers: auth })).json()).toEqual({
      group: ['"week" is not a valid choice.'],
    });

    const ledger = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/credits/ledger/', headers: auth });
    const kinds = (ledger.json().results as { kind: string }[]).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'charge')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'hold')).toHaveLength(4);
    expect(kinds.at(-1)).toBe('grant');
  });
});

describe('the result cache', () => {
  it('serves a repeated request from the cache, coalesces identical concurrent ones, and refreshes on use_cache false', async () => {
    const c = await t.customer(100);
    const before = metered.state.runs;
    const first = await Promise.all(Array.from({ length: 5 }, () => call(c.key, { cache_key: 'same', delay_ms: 100 })));
    expect(metered.state.runs - before).toBe(1);
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    expect(first.some((r) => r.headers['x-cache'] === 'MISS')).toBe(true);
    expect(new Set(first.map((r) => JSON.stringify(r.json()))).size).toBe(1);
    const hit = await call(c.key, { cache_key: 'same' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.json()).toEqual(first[0]!.json());
    const fresh = await call(c.key, { cache_key: 'same', use_cache: false });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.json().run).toBeGreaterThan(first[0]!.json().run);
    expect((await call(c.key, { cache_key: 'same' })).json()).toEqual(fresh.json());
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(100 - 8); // a hit is charged as normal by default
  });

  it('charges a cache hit in one step: one charge entry, no hold, still counted as usage', async () => {
    const c = await t.customer(10);
    expect((await call(c.key, { cache_key: `one-step-${c.id}`, cost: 2 })).headers['x-cache']).toBe('MISS');
    const kindsOf = async () =>
      (await t.quarry.db.selectFrom('ledger_entries').select('kind').where('user_id', '=', c.id).orderBy('id').execute()).map((e) => e.kind);
    expect(await kindsOf()).toEqual(['grant', 'hold', 'release', 'charge']);
    const hit = await call(c.key, { cache_key: `one-step-${c.id}`, cost: 2 });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('2');
    expect(hit.headers['x-credits-remaining']).toBe('6');
    expect(await kindsOf()).toEqual(['grant', 'hold', 'release', 'charge', 'charge']);
    const usage = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/', headers: { authorization: `Bearer ${c.access}` } });
    expect(usage.json().total).toEqual({ requests: 2, credits: 4, failed: 0 });
    // A hit the balance cannot cover is refused like any other call, and writes nothing.
    const refused = await call(c.key, { cache_key: `one-step-${c.id}`, cost: 7 });
    expect(refused.statusCode).toBe(402);
    expect(await kindsOf()).toHaveLength(5);
    await auditIsClean();
  });
});

describe('under fire', () => {
  it('lets exactly 50 of 200 concurrent requests through a balance of 50', async () => {
    const c = await t.customer(50);
    const results = await Promise.all(Array.from({ length: 200 }, () => call(c.key, { cost: 1 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(50);
    expect(codes.filter((s) => s === 402)).toHaveLength(150);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(0);
    await auditIsClean();
  });

  it('applies a grant with one idempotency key once, however many race', async () => {
    const c = await t.customer(0);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => t.quarry.services.ledger.credit(c.id, 500, { kind: 'purchase', idempotencyKey: `race:${c.id}` })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(500);
    await auditIsClean();
  });

  // In memory the buckets answer at once; in Redis through a promise: both paths of the hook.
  const redisUrl = process.env.QUARRY_TEST_REDIS_URL;
  const buckets: { where: string; env: Record<string, string> }[] = [{ where: 'in memory', env: {} }];
  if (redisUrl) buckets.push({ where: 'in Redis', env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `metering-${Date.now()}:` } });
  it.each(buckets)('shares one throttle per key and answers 429 with Retry-After ($where)', async ({ env }) => {
    const throttled = await startTestApp(
      { THROTTLE_KEY_RATE: '5/min', THROTTLE_ACCOUNT_RATE: '1000/min', ...env },
      { features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
    );
    try {
      const c = await throttled.customer(100);
      const results = [];
      for (let i = 0; i < 8; i++)
        results.push(await throttled.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', payload: {}, headers: { 'x-api-key': c.key } }));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const last = results.at(-1)!;
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({ detail: 'Request was throttled.' });
      expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(last.headers['ratelimit-remaining']).toBe('0');
      expect(await throttled.quarry.services.ledger.balance(c.id)).toBe(95);
    } finally {
      await throttled.close();
    }
  });
});
