import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { KEY_NOT_ACCEPTED } from './auth.js';

/**
 * Issue 16, item 22: the account endpoints take an API key or a login token wherever both make
 * sense. Reading the account (balance, usage, ledger, billing status, the key list without secrets)
 * works with either; managing keys, logging out and paying need a login, so a leaked key cannot
 * mint new keys, reveal others, or lock its owner out of the dashboard.
 */

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['customer']>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.customer(7);
});
afterAll(async () => {
  await t.close();
});

const READS = [
  '/api/v1/auth/users/me/',
  '/api/v1/usage/',
  '/api/v1/credits/ledger/',
  '/api/v1/account/credits/',
  '/api/v1/billing/status/',
  '/api/v1/api-keys/',
];

describe('reading the account', () => {
  it.each([
    ['X-API-KEY', () => ({ 'x-api-key': owner.key })],
    ['Authorization: Bearer <key>', () => ({ authorization: `Bearer ${owner.key}` })],
    ['Authorization: Bearer <access>', () => ({ authorization: `Bearer ${owner.access}` })],
  ])('works with %s', async (_name, headers) => {
    for (const url of [...READS, `/api/v1/api-keys/${owner.keyId}/`]) {
      const res = await t.quarry.app.inject({ method: 'GET', url, headers: headers() });
      expect(res.statusCode, url).toBe(200);
    }
    const me = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: headers() });
    expect(me.json()).toMatchObject({ id: owner.id, email: owner.email, credits_remaining: 7 });
    const keys = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: headers() });
    expect(JSON.stringify(keys.json())).not.toContain(owner.key);
  });

  it('with a revoked or unknown key is a 401', async () => {
    const { id, key } = await t.createKey(owner.access, 'soon revoked');
    await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: { authorization: `Bearer ${owner.access}` } });
    for (const value of [key, `qk_${'Z'.repeat(43)}`]) {
      for (const url of READS) {
        const res = await t.quarry.app.inject({ method: 'GET', url, headers: { 'x-api-key': value } });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ detail: 'Invalid or inactive API key.' });
      }
    }
  });

  it("with another account's key shows that account only", async () => {
    const other = await t.customer();
    const res = await t.quarry.app.inject({ method: 'GET', url: `/api/v1/api-keys/${owner.keyId}/`, headers: { 'x-api-key': other.key } });
    expect(res.statusCode).toBe(404);
    const me = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { 'x-api-key': other.key } });
    expect(me.json().email).toBe(other.email);
  });
});

describe('managing keys, logging out and paying', () => {
  it('needs a login token: an API key alone is a 403 that says so, and nothing changes', async () => {
    const before = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${owner.access}` } });
    const writes = [
      { method: 'POST' as const, url: '/api/v1/api-keys/', payload: { name: 'minted' } },
      { method: 'PUT' as const, url: `/api/v1/api-keys/${owner.keyId}/`, payload: { name: 'renamed' } },
      { method: 'PATCH' as const, url: `/api/v1/api-keys/${owner.keyId}/`, payload: { name: 'renamed' } },
      { method: 'DELETE' as const, url: `/api/v1/api-keys/${owner.keyId}/` },
      { method: 'POST' as const, url: `/api/v1/api-keys/${owner.keyId}/reset/` },
      { method: 'POST' as const, url: `/api/v1/api-keys/${owner.keyId}/reveal/` },
      { method: 'POST' as const, url: '/api/v1/auth/logout/' },
      { method: 'POST' as const, url: '/api/v1/billing/checkout/create-transaction/', payload: { plan: 'starter' } },
      { method: 'POST' as const, url: '/api/v1/billing/checkout/confirm/', payload: { transaction_id: 'txn_1' } },
    ];
    for (const headers of [{ 'x-api-key': owner.key }, { authorization: `Bearer ${owner.key}` }]) {
      for (const write of writes) {
        const res = await t.quarry.app.inject({ ...write, headers });
        expect(res.statusCode, `${write.method} ${write.url}`).toBe(403);
        expect(res.json()).toEqual({ detail: KEY_NOT_ACCEPTED });
      }
    }
    const after = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${owner.access}` } });
    expect(after.json()).toEqual(before.json());
  });

  it('with a login token, a key sent beside it changes nothing', async () => {
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: { authorization: `Bearer ${owner.access}`, 'x-api-key': owner.key },
      payload: { name: 'with both' },
    });
    expect(res.statusCode).toBe(201);
  });
});
