import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../app.js';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { meteredTestFeature } from '../../tests/support/metered-feature.js';

/**
 * `GET /api/v1/usage/` (SQLite, or PostgreSQL with QUARRY_TEST_POSTGRES_URL): failed calls
 * count as uncharged requests (issue 16, item 22), and bounds off the calendar are a 400
 * (item 8) instead of rolling over into the next month.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' },
    { features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
  );
});
afterAll(async () => t.close());

const call = (key: string, payload: Record<string, unknown>) =>
  t.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', payload, headers: { 'x-api-key': key } });
const usage = (access: string, query: string) =>
  t.quarry.app.inject({ method: 'GET', url: `/api/v1/usage/${query}`, headers: { authorization: `Bearer ${access}` } });

describe('usage', () => {
  it('counts failed calls as uncharged requests, per endpoint and key', async () => {
    const c = await t.customer(100);
    await call(c.key, { cost: 2 });
    await call(c.key, { cost: 0 });
    await call(c.key, { cost: 3, fail: true });
    await call(c.key, { cost: 0, hold: 0, fail: true });
    const res = await usage(c.access, '?group=endpoint');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toEqual({ requests: 4, credits: 2, failed: 2 });
    expect(res.json().results).toEqual([{ endpoint: 'test', requests: 4, credits: 2, failed: 2 }]);
    expect((await usage(c.access, '?group=key')).json().results).toEqual([{ key_id: c.keyId, requests: 4, credits: 2, failed: 2 }]);
    // The 402 that held nothing is not a call that ran.
    await call(c.key, { cost: 1000 });
    expect((await usage(c.access, '?group=day')).json().total).toEqual({ requests: 4, credits: 2, failed: 2 });
  });

  it('counts a cache hit charged in one step (its charge entry, no hold row) once, beside the miss that held', async () => {
    const c = await t.customer(100);
    const cache_key = `usage-${c.id}`;
    for (let i = 0; i < 3; i++) expect((await call(c.key, { cost: 2, cache_key })).headers['x-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
    await call(c.key, { cost: 3, fail: true });
    const holds = await t.quarry.db.selectFrom('holds').select('id').where('user_id', '=', c.id).execute();
    expect(holds).toHaveLength(2);
    for (const group of ['endpoint', 'key', 'day']) {
      expect((await usage(c.access, `?group=${group}`)).json().total, group).toEqual({ requests: 4, credits: 6, failed: 1 });
    }
    expect((await usage(c.access, '?group=endpoint')).json().results).toEqual([{ endpoint: 'test', requests: 4, credits: 6, failed: 1 }]);
  });

  it('shows only the caller account', async () => {
    const a = await t.customer(10);
    const b = await t.customer(10);
    await call(a.key, { cost: 1 });
    expect((await usage(b.access, '')).json().total).toEqual({ requests: 0, credits: 0, failed: 0 });
  });

  it.each([
    ['from', '2026-02-30'],
    ['to', '2026-13-01'],
    ['from', '2025-02-29'],
    ['to', '2026-04-31T10:00:00Z'],
    ['from', '2026-01-01T24:00:00Z'],
    ['from', '2026-01-01T10:60Z'],
    ['to', '2026-1-1'],
  ])('refuses %s=%s, a date off the calendar, with a field error', async (field, value) => {
    const c = await t.customer(0);
    const res = await usage(c.access, `?${field}=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: ['Enter a valid date (YYYY-MM-DD) or UTC datetime.'] });
  });

  it('refuses `from` after `to` with an error on both fields, instead of an empty answer', async () => {
    const c = await t.customer(0);
    const res = await usage(c.access, '?from=2026-03-02&to=2026-03-01T12:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ from: ['Ensure this is not after `to`.'], to: ['Ensure this is not before `from`.'] });
    // A bare `to` date counts whole, so the same day on both sides is a one-day window.
    expect((await usage(c.access, '?from=2026-03-01&to=2026-03-01')).statusCode).toBe(200);
  });

  it('accepts real dates and datetimes, leap days included, and reads a bound without a zone as UTC', async () => {
    const c = await t.customer(0);
    const leap = await usage(c.access, '?from=2024-02-29&to=2024-03-01');
    expect(leap.statusCode).toBe(200);
    expect(leap.json()).toMatchObject({ from: '2024-02-29T00:00:00.000Z', to: '2024-03-02T00:00:00.000Z' });
    const precise = await usage(c.access, '?from=2026-01-01T10:30&to=2026-01-02T23:59:59.5Z');
    expect(precise.json()).toMatchObject({ from: '2026-01-01T10:30:00.000Z', to: '2026-01-02T23:59:59.500Z' });
  });
});

describe('usage by default', () => {
  it('counts a call that finished in the same millisecond as the question', async () => {
    // A frozen clock: every call and the usage question share one instant.
    const frozen = new Date('2026-06-01T12:00:00.000Z');
    const app = await startTestApp(
      { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' },
      { now: () => frozen, features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
    );
    try {
      const c = await app.customer(10);
      await app.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', payload: { cost: 2 }, headers: { 'x-api-key': c.key } });
      const res = await app.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/', headers: { authorization: `Bearer ${c.access}` } });
      expect(res.json().total).toEqual({ requests: 1, credits: 2, failed: 0 });
    } finally {
      await app.close();
    }
  });
});
