import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../src/app.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { TEST_DIALECT } from '../support/database.js';
import { expectAuditClean } from '../support/ledger-watch.js';
import { meteredTestFeature } from '../support/metered-feature.js';
import { startOwnRedis, type OwnRedis } from '../support/own-redis.js';

/**
 * Issue 25, finding 6, in one process: with Redis killed, every metered call and login answered
 * `500 {"error":"Something went wrong"}` after 1–4 s while `/readyz` said 200. Now they answer
 * 503 with `Retry-After` at once, each surface in its own error shape, the result cache simply
 * misses, `/readyz` names Redis, and everything works again once Redis returns on its port.
 */
const UNAVAILABLE = '{"detail":"Service temporarily unavailable, try again later."}';
/** Before: 1–4 s. The circuit answers without waiting on Redis; 1 s leaves room for a busy machine. */
const BOUND_MS = 1000;

let redis: OwnRedis;
let t: TestApp;
let customer: Awaited<ReturnType<TestApp['customer']>>;

beforeAll(async () => {
  redis = await startOwnRedis();
  t = await startTestApp(
    { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `outage-${process.pid}:`, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' },
    { features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
  );
  customer = await t.customer(100);
});
afterAll(async () => {
  await t?.close();
  await redis?.stop();
});

const timed = async (call: () => Promise<LightMyRequestResponse>) => {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
};
const metered = (body: Record<string, unknown> = { cost: 1 }) =>
  timed(() => t.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', headers: { 'x-api-key': customer.key }, payload: body }));
const login = () =>
  timed(() => t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: customer.email, password: customer.password } }));
const readyz = () => t.quarry.app.inject({ method: 'GET', url: '/readyz' });

async function untilReady(expected: number): Promise<LightMyRequestResponse> {
  for (let i = 0; ; i++) {
    const res = await readyz();
    if (res.statusCode === expected || i >= 200) return res;
    await sleep(50);
  }
}

describe(`an app whose Redis is killed and restarted (${TEST_DIALECT})`, () => {
  it('answers 503 with Retry-After within a bound while Redis is down, on every surface, names Redis in /readyz, and recovers', async () => {
    expect((await metered()).res.statusCode).toBe(200);
    expect((await login()).res.statusCode).toBe(200);
    expect((await readyz()).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    const balanceBefore = await t.quarry.services.ledger.balance(customer.id);

    await redis.kill();
    // The first calls after the kill may still be in flight on the dead socket: bounded by the command timeout.
    for (const call of [metered, login, metered, login, () => metered({ cost: 1, cache_key: 'outage' })]) {
      const { res, ms } = await call();
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe(UNAVAILABLE);
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(ms).toBeLessThan(BOUND_MS);
    }
    // The compatibility surfaces say the same in their vendors' shapes, Retry-After included.
    const bearer = { authorization: `Bearer ${customer.key}` };
    const firecrawl = await timed(() => t.quarry.app.inject({ method: 'POST', url: '/v1/scrape', headers: bearer, payload: { url: 'https://example.com/' } }));
    expect(firecrawl.res.statusCode).toBe(503);
    expect(firecrawl.res.json()).toEqual({ success: false, error: 'Service temporarily unavailable, try again later.' });
    const tavily = await timed(() => t.quarry.app.inject({ method: 'POST', url: '/tavily/search', headers: bearer, payload: { query: 'redis outage' } }));
    expect(tavily.res.statusCode).toBe(503);
    expect(tavily.res.json()).toEqual({ detail: { error: 'Service temporarily unavailable, try again later.' } });
    const exa = await timed(() =>
      t.quarry.app.inject({ method: 'POST', url: '/exa/search', headers: { 'x-api-key': customer.key }, payload: { query: 'redis outage' } }),
    );
    expect(exa.res.statusCode).toBe(503);
    expect(exa.res.json()).toMatchObject({ error: 'Service temporarily unavailable, try again later.', tag: 'UPSTREAM_ERROR' });
    for (const { res, ms } of [firecrawl, tavily, exa]) {
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(ms).toBeLessThan(BOUND_MS);
    }
    // What needs no throttle keeps working: reading the account with the key.
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': customer.key } })).statusCode).toBe(200);
    const notReady = await readyz();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unreachable' });
    // Nothing was charged or held for the refused calls.
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(balanceBefore);

    await redis.restart();
    expect((await untilReady(200)).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    expect((await metered()).res.statusCode).toBe(200);
    expect((await login()).res.statusCode).toBe(200);
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(balanceBefore - 1);
    await expectAuditClean(t);
  }, 60_000);
});
