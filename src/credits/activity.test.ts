import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../app.js';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { meteredTestFeature } from '../../tests/support/metered-feature.js';

/**
 * `GET /api/v1/credits/activity/` (SQLite, or PostgreSQL with QUARRY_TEST_POSTGRES_URL): the
 * ledger with one line per metered call, its hold, release and charge folded under it, while
 * `/credits/ledger/` keeps every raw entry.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min', PAGE_SIZE: '3' },
    { features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
  );
});
afterAll(async () => t.close());

const call = (key: string, payload: Record<string, unknown>) =>
  t.quarry.app.inject({ method: 'POST', url: '/api/v1/test/metered', payload, headers: { 'x-api-key': key } });
const get = (access: string, url: string) => t.quarry.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access}` } });

interface Line {
  kind: string;
  status: string | null;
  amount: number;
  balance_after: number;
  api_key_id: number | null;
  endpoint: string | null;
  note: string | null;
  entries: { kind: string; amount: number }[];
}

async function allLines(access: string): Promise<Line[]> {
  const lines: Line[] = [];
  for (let page = 1; ; page++) {
    const body = (await get(access, `/api/v1/credits/activity/?page=${page}`)).json() as { results: Line[]; next: string | null };
    lines.push(...body.results);
    if (!body.next) return lines;
  }
}

describe('activity', () => {
  it('shows each call once with its net cost and entries, and a grant as itself, newest first', async () => {
    const c = await t.customer(100);
    await call(c.key, { cost: 2, hold: 3 });
    await call(c.key, { cost: 0, hold: 1 });
    await call(c.key, { cost: 3, fail: true });
    const lines = await allLines(c.access);
    const summary = lines.map((l) => [l.kind, l.status, l.amount, l.entries.map((e) => `${e.kind} ${e.amount}`).join(', ')]);
    expect(summary).toEqual([
      ['call', 'failed', 0, 'hold -3, release 3'],
      ['call', 'charged', 0, 'hold -1, release 1, charge 0'],
      ['call', 'charged', -2, 'hold -3, release 3, charge -2'],
      ['grant', null, 100, 'grant 100'],
    ]);
    expect(lines[0]).toMatchObject({ endpoint: 'test', api_key_id: c.keyId, balance_after: 98 });
    expect(lines[2]).toMatchObject({ endpoint: 'test', api_key_id: c.keyId, balance_after: 98 });
    // Paged by lines, not entries (PAGE_SIZE 3): four lines over two pages, nine raw entries.
    const first = (await get(c.access, '/api/v1/credits/activity/')).json() as { count: number; results: Line[] };
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(((await get(c.access, '/api/v1/credits/ledger/')).json() as { count: number }).count).toBe(9);
  });

  it('folds a cache hit (one charge entry) into a call of its own', async () => {
    const c = await t.customer(10);
    for (let i = 0; i < 2; i++) await call(c.key, { cost: 2, cache_key: `activity-${c.id}` });
    const lines = await allLines(c.access);
    expect(lines.map((l) => [l.kind, l.status, l.amount, l.entries.length])).toEqual([
      ['call', 'charged', -2, 1],
      ['call', 'charged', -2, 3],
      ['grant', null, 10, 1],
    ]);
  });

  it('shows only the caller account, and answers 401 without a login', async () => {
    const a = await t.customer(10);
    const b = await t.customer(0);
    await call(a.key, { cost: 1 });
    expect((await get(b.access, '/api/v1/credits/activity/')).json()).toMatchObject({ count: 0, results: [] });
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/credits/activity/' })).statusCode).toBe(401);
  });
});
