import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { csvCell } from './usage-daily.js';

let t: TestApp;
let now = new Date('2026-05-20T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({}, { now: () => now });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, access?: string) => t.quarry.app.inject({ method: 'GET', url, headers: access ? { authorization: `Bearer ${access}` } : {} });

/** A metered request as the metering writes it: a hold, then its settlement into a charge. */
async function charge(userId: number, keyId: number, endpoint: string, amount: number, at: string) {
  now = new Date(at);
  const hold = await t.quarry.services.ledger.hold(userId, amount, { endpoint, apiKeyId: keyId, ttlSeconds: 60 });
  await t.quarry.services.ledger.settle(hold.id, amount);
}

describe('GET /api/v1/usage/daily/', () => {
  it('gives credits per UTC day and endpoint for the window, every day listed, other accounts excluded', async () => {
    const c = await t.customer(100);
    const other = await t.customer(100);
    await charge(c.id, c.keyId, 'search', 2, '2026-05-18T23:59:59.000Z');
    await charge(c.id, c.keyId, 'search', 1, '2026-05-19T00:00:01.000Z');
    await charge(c.id, c.keyId, 'scrape', 3, '2026-05-19T10:00:00.000Z');
    await charge(c.id, c.keyId, 'search:news', 1, '2026-04-01T10:00:00.000Z'); // outside 30 days
    await charge(other.id, other.keyId, 'chat', 5, '2026-05-19T10:00:00.000Z');
    now = new Date('2026-05-20T12:00:00.000Z');

    const res = await get('/api/v1/usage/daily/', c.access);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toBe('2026-04-21');
    expect(body.days[29]).toBe('2026-05-20');
    expect(body.endpoints).toEqual(['scrape', 'search']);
    expect(body.results).toEqual([
      { day: '2026-05-18', endpoint: 'search', requests: 1, credits: 2 },
      { day: '2026-05-19', endpoint: 'scrape', requests: 1, credits: 3 },
      { day: '2026-05-19', endpoint: 'search', requests: 1, credits: 1 },
    ]);
    expect(body.total).toEqual({ requests: 3, credits: 6 });

    const week = (await get('/api/v1/usage/daily/?days=2', c.access)).json();
    expect(week.days).toEqual(['2026-05-19', '2026-05-20']);
    expect(week.total).toEqual({ requests: 2, credits: 4 });
  });

  it('rejects a bad window with a DRF field error and needs a token', async () => {
    const c = await t.customer(0);
    for (const days of ['0', '367', 'x', '-1', '1.5', '9999']) {
      const res = await get(`/api/v1/usage/daily/?days=${days}`, c.access);
      expect(res.statusCode, days).toBe(400);
      expect(res.json()).toEqual({ days: ['Ensure this value is a whole number from 1 to 366.'] });
    }
    expect((await get('/api/v1/usage/daily/')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/credits/ledger/export/', () => {
  it('is the whole ledger as CSV, newest first, with key names, and only the caller’s', async () => {
    const c = await t.customer(10);
    await t.quarry.app.inject({
      method: 'PATCH',
      url: `/api/v1/api-keys/${c.keyId}/`,
      headers: { authorization: `Bearer ${c.access}` },
      payload: { name: '=cmd|calc, "quoted"' },
    });
    await charge(c.id, c.keyId, 'search', 2, '2026-05-19T10:00:00.000Z');
    const res = await get('/api/v1/credits/ledger/export/', c.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quarry-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created,kind,amount,endpoint,api_key_id,key_name,key_prefix,balance_after,request_id,note');
    expect(lines.map((l) => l.split(',')[1])).toEqual(['kind', 'charge', 'release', 'hold', 'grant']);
    expect(lines[1]).toContain(`search,${c.keyId},"'=cmd|calc, ""quoted""",qk_`);
    expect(lines[4]).toMatch(/,grant,10,,,,,10,,granted at creation$/);
    expect((await get('/api/v1/credits/ledger/export/')).statusCode).toBe(401);
  });

  it('streams a ledger larger than one read batch whole, in order', async () => {
    const c = await t.customer(5_000);
    const { ledger } = t.quarry.services;
    for (let n = 0; n < 1_100; n++) await ledger.settle((await ledger.hold(c.id, 1, { endpoint: 'search', apiKeyId: c.keyId, ttlSeconds: 60 })).id, 1);
    const lines = (await get('/api/v1/credits/ledger/export/', c.access)).body.trimEnd().split('\r\n');
    // The header, then a hold, a release and a charge per call (newest first), then the grant.
    expect(lines).toHaveLength(1 + 3 * 1_100 + 1);
    const kinds = lines.slice(1).map((line) => line.split(',')[1]);
    expect(kinds.filter((kind) => kind === 'charge')).toHaveLength(1_100);
    const balances = lines.slice(1).map((line) => Number(line.split(',')[7]));
    expect(balances[0]).toBe(5_000 - 1_100);
    expect(balances.at(-1)).toBe(5_000);
  });

  it('quotes cells per RFC 4180 and defuses spreadsheet formulas', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)']) expect(csvCell(formula)).toBe(`'${formula}`);
  });
});

describe('the OpenAPI document', () => {
  it('documents the new endpoints', async () => {
    const doc = (await get('/api/v1/schema/?format=json')).json();
    expect(doc.paths['/api/v1/usage/daily/'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/DailyUsage' });
    expect(Object.keys(doc.paths['/api/v1/credits/ledger/export/'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(doc.paths['/api/v1/dashboard/config/'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DashboardConfig',
    });
  });
});
