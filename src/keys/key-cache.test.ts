import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { TEST_DIALECT } from '../../tests/support/database.js';
import { digestOf, generateSecret } from './secrets.js';
import { createVerifiedKeyCache } from './verified-cache.js';

/**
 * Issue 13: a verified API key is trusted from memory for KEY_CACHE_SECONDS, so a metered call
 * does not read the database to authenticate; a revoke, reset or operator lock made through
 * Quarry forgets it at once. The proof that the cache is used at all: a change made behind
 * Quarry's back (plain SQL) is not seen until the entry expires.
 */
let t: TestApp;
let clock = Date.UTC(2026, 0, 1, 12, 0, 0);

beforeAll(async () => {
  t = await startTestApp({ KEY_CACHE_SECONDS: '3600', KEY_LAST_USED_FLUSH_SECONDS: '3600' }, { now: () => new Date(clock) });
});
afterAll(async () => t.close());

const credits = (key: string) => t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key } });
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const deactivateBehindQuarrysBack = (keyId: number) => t.quarry.db.updateTable('api_keys').set({ is_active: 0 }).where('id', '=', keyId).execute();

describe(`the cache of verified keys, one instance (${TEST_DIALECT})`, () => {
  it('answers from memory: a key deactivated in the database behind Quarry stays accepted while cached', async () => {
    const c = await t.customer(5);
    expect((await credits(c.key)).statusCode).toBe(200);
    await deactivateBehindQuarrysBack(c.keyId);
    expect((await credits(c.key)).statusCode).toBe(200);
    // A key never verified before is read from the database: the SQL change counts.
    const other = await t.createKey(c.access, 'second');
    await deactivateBehindQuarrysBack(other.id);
    expect((await credits(other.key)).statusCode).toBe(401);
  });

  it('answers a key verified lately at once, without a promise; a key not seen lately waits for the database', async () => {
    const c = await t.customer(5);
    const keys = t.quarry.services.keys;
    const first = keys.authenticate(c.key);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ keyId: c.keyId, userId: expect.any(Number) });
    const again = keys.authenticate(c.key);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toEqual(await first);
  });

  it('forgets a revoked key at once', async () => {
    const c = await t.customer(5);
    expect((await credits(c.key)).statusCode).toBe(200);
    const revoked = await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${c.keyId}/`, headers: bearer(c.access) });
    expect(revoked.statusCode).toBe(204);
    const after = await credits(c.key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid or inactive API key.' });
  });

  it('forgets a reset key at once, and the new key works', async () => {
    const c = await t.customer(5);
    expect((await credits(c.key)).statusCode).toBe(200);
    const reset = await t.quarry.app.inject({ method: 'POST', url: `/api/v1/api-keys/${c.keyId}/reset/`, headers: bearer(c.access), payload: {} });
    expect(reset.statusCode).toBe(201);
    expect((await credits(c.key)).statusCode).toBe(401);
    expect((await credits(reset.json<{ key: string }>().key)).statusCode).toBe(200);
  });

  it('forgets every key of an account the operator locks, at once, and takes them back on unlock', async () => {
    const c = await t.customer(5);
    const second = await t.createKey(c.access, 'second');
    expect((await credits(c.key)).statusCode).toBe(200);
    expect((await credits(second.key)).statusCode).toBe(200);
    const bystander = await t.customer(5);
    expect((await credits(bystander.key)).statusCode).toBe(200);

    await t.quarry.services.accounts.setLocked(c.email, true);
    expect((await credits(c.key)).statusCode).toBe(401);
    expect((await credits(second.key)).statusCode).toBe(401);
    expect((await credits(bystander.key)).statusCode).toBe(200);
    await t.quarry.services.accounts.setLocked(c.email, false);
    expect((await credits(c.key)).statusCode).toBe(200);
  });

  it('keeps recording last_used on calls answered from the cache', async () => {
    const c = await t.customer(5);
    expect((await credits(c.key)).statusCode).toBe(200);
    clock += 60_000;
    const cachedCallAt = new Date(clock).toISOString();
    await deactivateBehindQuarrysBack(c.keyId); // so a database read would now refuse: this call is a cache hit
    expect((await credits(c.key)).statusCode).toBe(200);
    await t.quarry.services.keys.flushLastUsed();
    const row = await t.quarry.db.selectFrom('api_keys').select('last_used').where('id', '=', c.keyId).executeTakeFirstOrThrow();
    expect(row.last_used).toBe(cachedCallAt);
  });
});

describe(`KEY_CACHE_SECONDS (${TEST_DIALECT})`, () => {
  it('bounds how long a change behind Quarry is missed; 0 reads the database on every call', async () => {
    const short = await startTestApp({ KEY_CACHE_SECONDS: '1' });
    const none = await startTestApp({ KEY_CACHE_SECONDS: '0' });
    try {
      for (const app of [short, none]) {
        const c = await app.customer(5);
        const call = () => app.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': c.key } });
        expect((await call()).statusCode).toBe(200);
        await app.quarry.db.updateTable('api_keys').set({ is_active: 0 }).where('id', '=', c.keyId).execute();
        if (app === none) {
          expect((await call()).statusCode).toBe(401);
          continue;
        }
        const changedAt = Date.now();
        while ((await call()).statusCode === 200) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(Date.now() - changedAt).toBeLessThan(1500);
      }
    } finally {
      await short.close();
      await none.close();
    }
  });
});

describe('a verification that read the database before a revoke', () => {
  it('does not put its stale answer back into the cache', () => {
    const cache = createVerifiedKeyCache({ ttlSeconds: 60, maxEntries: 10 });
    const digest = digestOf(generateSecret());
    const readStarted = cache.generation();
    cache.forget({ keyId: 7 }); // the revoke commits while the read is in flight
    cache.remember(digest, { keyId: 7, userId: 1 }, readStarted);
    expect(cache.lookup(digest)).toBeUndefined();
    cache.remember(digest, { keyId: 7, userId: 1 }, cache.generation());
    expect(cache.lookup(digest)).toEqual(expect.objectContaining({ keyId: 7, userId: 1 }));
  });

  it('forgets by key or by owner, and leaves the others', () => {
    const cache = createVerifiedKeyCache({ ttlSeconds: 60, maxEntries: 10 });
    const [a, b, c] = [1, 2, 3].map(() => digestOf(generateSecret())) as [string, string, string];
    cache.remember(a, { keyId: 1, userId: 10 }, cache.generation());
    cache.remember(b, { keyId: 2, userId: 10 }, cache.generation());
    cache.remember(c, { keyId: 3, userId: 11 }, cache.generation());
    cache.forget({ keyId: 1 });
    expect([cache.lookup(a), cache.lookup(b), cache.lookup(c)].map((k) => k?.keyId)).toEqual([undefined, 2, 3]);
    cache.forget({ userId: 10 });
    expect([cache.lookup(a), cache.lookup(b), cache.lookup(c)].map((k) => k?.keyId)).toEqual([undefined, undefined, 3]);
  });
});
