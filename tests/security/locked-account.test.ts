import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../support/database.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * Item 12 of issue 16: an access token stays valid for its lifetime, but the account behind it is
 * read on every request, so a locked or deactivated account's token cannot mint keys or read anything.
 * API keys stop with a deactivation or the operator's lock (read with the key on every call, no cache);
 * a temporary lockout after failed logins stops logins and tokens but not keys (see docs/api.md, Accounts and login).
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_LOCKOUT_ATTEMPTS: '3' });
});
afterAll(async () => {
  await t.close();
});

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const mint = (access: string) =>
  t.quarry.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer(access), payload: { name: 'minted while locked' } });
const keyCount = async (userId: number) =>
  Number(
    (
      await t.quarry.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const metered = (key: string) => t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key } });

describe(`a still-valid access token (${TEST_DIALECT})`, () => {
  it('of an account the operator locked cannot mint keys, list them or read the account', async () => {
    const user = await t.customer();
    const before = await keyCount(user.id);
    await t.quarry.services.accounts.setLocked(user.email, true);

    const minted = await mint(user.access);
    expect(minted.statusCode).toBe(401);
    expect(minted.json()).toEqual({ detail: 'User is locked', code: 'user_locked' });
    expect(await keyCount(user.id)).toBe(before);
    for (const url of ['/api/v1/api-keys/', '/api/v1/auth/users/me/', '/api/v1/usage/', '/api/v1/credits/ledger/', '/api/v1/billing/status/']) {
      const res = await t.quarry.app.inject({ method: 'GET', url, headers: bearer(user.access) });
      expect(res.statusCode, url).toBe(401);
    }
    // The cookie carries the same token: same answer.
    const viaCookie = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', cookies: { access: user.access } });
    expect(viaCookie.statusCode).toBe(401);
    // The operator's lock suspends the account's API keys too, at once.
    expect((await metered(user.key)).statusCode).toBe(401);
    expect((await metered(user.key)).json()).toEqual({ detail: 'Invalid or inactive API key.' });
    const search = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/search', headers: { 'x-api-key': user.key }, payload: { query: 'anything' } });
    expect(search.statusCode).toBe(401);
    expect(search.json()).toEqual({ detail: 'Invalid or inactive API key.' });

    await t.quarry.services.accounts.setLocked(user.email, false);
    // The lock ended the login sessions for good (issue 25, finding 7): a new login is needed; the keys work again.
    expect((await mint(user.access)).json()).toMatchObject({ code: 'token_not_valid', messages: [{ message: 'Token is blacklisted' }] });
    expect((await mint((await t.login(user.email, user.password)).access)).statusCode).toBe(201);
    expect((await metered(user.key)).statusCode).toBe(200);
  });

  it('of an account locked out by failed logins cannot mint keys either; its API keys keep working', async () => {
    const user = await t.customer();
    for (let i = 0; i < 3; i++) {
      await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: user.email, password: 'a wrong password 1' } });
    }
    const minted = await mint(user.access);
    expect(minted.statusCode).toBe(401);
    expect(minted.json()).toMatchObject({ code: 'user_locked' });
    // A stranger who knows the address must not be able to cut the owner's integrations off.
    expect((await metered(user.key)).statusCode).toBe(200);
  });

  it('of a deactivated account cannot mint keys, and its keys stop', async () => {
    const user = await t.customer();
    await t.quarry.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const minted = await mint(user.access);
    expect(minted.statusCode).toBe(401);
    expect(minted.json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    expect((await metered(user.key)).statusCode).toBe(401);
  });

  it('cannot be refreshed into a new pair while the account is locked', async () => {
    const user = await t.createUser();
    const { refresh } = await t.login(user.email, user.password);
    await t.quarry.services.accounts.setLocked(user.email, true);
    const res = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } });
    expect(res.statusCode).toBe(401);
  });

  it('the lock applies to concurrent requests at once (no cached account state)', async () => {
    const user = await t.customer();
    await t.quarry.services.accounts.setLocked(user.email, true);
    const answers = await Promise.all(Array.from({ length: 20 }, () => mint(user.access)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    expect((await Promise.all(Array.from({ length: 20 }, () => metered(user.key)))).map((a) => a.statusCode)).toEqual(Array(20).fill(401));
  });
});
