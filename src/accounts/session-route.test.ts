import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SIGNUP_CREDITS: '0' });
});
afterAll(async () => {
  await t.close();
});

const session = (cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/session/', cookies, headers });

describe('the browser session (GET /api/v1/auth/session/)', () => {
  it('answers 200 "not logged in" without cookies, where users/me still answers 401 and refresh 400', async () => {
    const res = await session();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, user: null, refreshable: false });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/' })).statusCode).toBe(401);
    const refresh = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: {} });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual({ refresh: ['This field is required.'] });
  });

  it('answers the logged-in user, as users/me does, from the access cookie', async () => {
    const user = await t.createUser(undefined, 7);
    const { access } = await t.login(user.email, user.password);
    const res = await session({ access });
    expect(res.statusCode).toBe(200);
    const me = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', cookies: { access } });
    expect(res.json()).toEqual({ authenticated: true, user: me.json(), refreshable: false });
    expect(res.json().user).toMatchObject({ email: user.email, credits_remaining: 7, is_active: true });
  });

  it('says a refresh is worth trying when only a valid refresh cookie is left', async () => {
    const user = await t.createUser();
    const { refresh } = await t.login(user.email, user.password);
    expect((await session({ access: 'expired.or.garbage', refresh })).json()).toEqual({ authenticated: false, user: null, refreshable: true });
    // Checking does not rotate: the refresh still works afterwards.
    const rotated = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } });
    expect(rotated.statusCode).toBe(200);
    // The rotated-away token is blacklisted: no refresh would work with it.
    expect((await session({ refresh })).json()).toEqual({ authenticated: false, user: null, refreshable: false });
  });

  it('counts a session ended everywhere, or a garbage cookie, as no session, never as an error', async () => {
    const user = await t.createUser();
    const { access, refresh } = await t.login(user.email, user.password);
    await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all/', headers: { authorization: `Bearer ${access}` } });
    const ended = await session({ access, refresh });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ authenticated: false, user: null, refreshable: false });
    expect((await session({ refresh: 'nonsense' })).json()).toEqual({ authenticated: false, user: null, refreshable: false });
  });

  it('reads the cookies only: an Authorization header or an API key is not a browser session', async () => {
    const customer = await t.customer();
    expect((await session({}, { authorization: `Bearer ${customer.access}` })).json().authenticated).toBe(false);
    expect((await session({}, { 'x-api-key': customer.key })).json().authenticated).toBe(false);
  });
});
