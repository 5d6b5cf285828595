import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp } from '../../tests/support/app.js';
import { mailLink, startMailingApp, type MailingApp } from '../../tests/support/mailing-app.js';
import type { SmtpCapture } from '../../tests/support/smtp.js';

let mailing: MailingApp;
let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  mailing = await startMailingApp({ SIGNUP_CREDITS: '25', LOGIN_LOCKOUT_ATTEMPTS: '3', RESEND_ACTIVATION_EMAIL_RATE: '1/hour' });
  ({ t, smtp } = mailing);
});
afterAll(async () => {
  await mailing.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.quarry.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

const activationFrom = (text: string) => mailLink(text, 'activate');

function cookiesOf(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
}

describe('registration and activation', () => {
  it('creates an inactive user, mails a link, and activation grants the signup credits once', async () => {
    const res = await post('/api/v1/auth/users/', { email: 'New.User@Example.com', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'new.user@example.com' });

    const denied = await post('/api/v1/auth/jwt/create/', { email: 'new.user@example.com', password: PASSWORD });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual({ detail: 'No active account found with the given credentials' });

    const mail = await smtp.waitFor('new.user@example.com');
    expect(mail.subject).toContain('Activate');
    const { uid, token } = activationFrom(mail.text);
    expect((await post('/api/v1/auth/users/activation/', { uid, token: 'x' + token })).json()).toEqual({ token: ['Invalid token for given user.'] });
    expect((await post('/api/v1/auth/users/activation/', { uid: 'zzz', token })).json()).toEqual({ uid: ["Invalid user id or user doesn't exist."] });

    const activated = await post('/api/v1/auth/users/activation/', { uid, token });
    expect(activated.statusCode).toBe(204);
    expect(activated.body).toBe('');
    const again = await post('/api/v1/auth/users/activation/', { uid, token });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: 'Stale token for given user.' });

    const { access } = await t.login('new.user@example.com', PASSWORD);
    const me = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
    expect(me.json()).toMatchObject({ email: 'new.user@example.com', is_active: true, credits_remaining: 25 });
  });

  it('reports field errors first and password problems once the fields are valid, as DRF does', async () => {
    const res = await post('/api/v1/auth/users/', { email: 'not-an-email', password: '1234567' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
    const weak = await post('/api/v1/auth/users/', { email: 'weak@example.com', password: '1234567' });
    expect(weak.json().password).toEqual(
      expect.arrayContaining([
        'This password is too short. It must contain at least 8 characters.',
        'This password is too common.',
        'This password is entirely numeric.',
      ]),
    );
    expect((await post('/api/v1/auth/users/', { email: 'x@example.com', password: 'password123' })).json()).toEqual({
      password: ['This password is too common.'],
    });
    expect((await post('/api/v1/auth/users/', {})).json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('creates no second account with the same email, whatever its case, and answers as for a new one', async () => {
    const first = await post('/api/v1/auth/users/', { email: 'twice@example.com', password: PASSWORD });
    const res = await post('/api/v1/auth/users/', { email: 'TWICE@example.com', password: 'another sturdy passphrase 9' });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe(first.body);
    const rows = await t.quarry.db.selectFrom('users').select('id').where('email', '=', 'twice@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts form-encoded and multipart bodies on management endpoints', async () => {
    const form = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=form%40example.com&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(form.statusCode).toBe(201);
    const boundary = 'quarryboundary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="email"',
      '',
      'multi@example.com',
      `--${boundary}`,
      'Content-Disposition: form-data; name="password"',
      '',
      PASSWORD,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe('multi@example.com');
  });
});

describe('login, refresh, verify and logout', () => {
  it('returns the pair in the body and as HttpOnly SameSite=Lax cookies', async () => {
    const user = await t.createUser();
    const res = await post('/api/v1/auth/jwt/create/', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    const cookies = cookiesOf(res);
    expect(cookies.find((c) => c.startsWith('access='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('refresh='))).toMatch(/SameSite=Lax/);
    expect(cookies.join(';')).not.toMatch(/Secure/);
  });

  it("answers wrong credentials with simplejwt's 401 and a Bearer challenge", async () => {
    const user = await t.createUser();
    const res = await post('/api/v1/auth/jwt/create/', { email: user.email, password: 'wrong password here' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect((await post('/api/v1/auth/jwt/create/', { email: 'nobody@example.com', password: 'whatever it is' })).json()).toEqual({
      detail: 'No active account found with the given credentials',
    });
    expect((await post('/api/v1/auth/jwt/create/', { email: user.email })).json()).toEqual({ password: ['This field is required.'] });
  });

  it('rotates the refresh token and blacklists the old one', async () => {
    const user = await t.createUser();
    const first = await t.login(user.email, user.password);
    const rotated = await post('/api/v1/auth/jwt/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(rotated.json().refresh).not.toBe(first.refresh);

    const replay = await post('/api/v1/auth/jwt/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    const wrongType = await post('/api/v1/auth/jwt/refresh/', { refresh: first.access });
    expect(wrongType.json()).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    expect((await post('/api/v1/auth/jwt/refresh/', {})).json()).toEqual({ refresh: ['This field is required.'] });
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const user = await t.createUser();
    const { refresh } = await t.login(user.email, user.password);
    const results = await Promise.all([post('/api/v1/auth/jwt/refresh/', { refresh }), post('/api/v1/auth/jwt/refresh/', { refresh })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes the refresh token from the cookie, behind a strict Origin check', async () => {
    const user = await t.createUser();
    const { refresh } = await t.login(user.email, user.password);
    const noOrigin = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', cookies: { refresh } });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().detail).toMatch(/^CSRF Failed/);
    const evil = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/refresh/',
      cookies: { refresh },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    const ok = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/refresh/',
      cookies: { refresh },
      headers: { origin: 'http://localhost:80' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('verifies tokens without saying anything else about them', async () => {
    const user = await t.createUser();
    const pair = await t.login(user.email, user.password);
    expect((await post('/api/v1/auth/jwt/verify/', { token: pair.access })).json()).toEqual({});
    const bad = await post('/api/v1/auth/jwt/verify/', { token: pair.access.slice(0, -2) + 'xx' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Token is invalid', code: 'token_not_valid' });
    await post('/api/v1/auth/jwt/refresh/', { refresh: pair.refresh });
    const blacklisted = await post('/api/v1/auth/jwt/verify/', { token: pair.refresh });
    expect(blacklisted.statusCode).toBe(400);
    expect(blacklisted.json()).toEqual({ non_field_errors: ['Token is blacklisted'] });
  });

  it('authenticates with Bearer, JWT or the access cookie, and says why a token fails', async () => {
    const user = await t.createUser();
    const { access } = await t.login(user.email, user.password);
    const me = (headers: Record<string, string>, cookies?: Record<string, string>) =>
      t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers, ...(cookies ? { cookies } : {}) });
    expect((await me({ authorization: `Bearer ${access}` })).statusCode).toBe(200);
    expect((await me({ authorization: `JWT ${access}` })).statusCode).toBe(200);
    expect((await me({}, { access })).statusCode).toBe(200);
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await me({ authorization: 'Bearer a b' })).json()).toEqual({
      detail: 'Authorization header must contain two space-delimited values',
      code: 'bad_authorization_header',
    });
    expect((await me({ authorization: 'Bearer nonsense' })).json()).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid' }],
    });
  });

  it('logs out: blacklists the refresh cookie and clears both cookies', async () => {
    const user = await t.createUser();
    const pair = await t.login(user.email, user.password);
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: { authorization: `Bearer ${pair.access}` },
      cookies: { refresh: pair.refresh },
    });
    expect(res.statusCode).toBe(204);
    const cleared = cookiesOf(res);
    expect(cleared.some((c) => /^access=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect(cleared.some((c) => /^refresh=;/.test(c))).toBe(true);
    expect((await post('/api/v1/auth/jwt/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/logout/', {})).statusCode).toBe(401);
  });
});

describe('lockout and resend-activation', () => {
  it('locks an account after repeated failures, even for the right password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i++) expect((await post('/api/v1/auth/jwt/create/', { email: user.email, password: 'not the password' })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/jwt/create/', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/resend-activation/', { email: user.email })).statusCode).toBe(403);
    await t.quarry.services.accounts.setLocked(user.email, false);
    expect((await post('/api/v1/auth/jwt/create/', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('answers resend-activation exactly as the contract table says', async () => {
    expect((await post('/api/v1/auth/resend-activation/', {})).json()).toEqual({ email: ['This field is required.'] });
    const unknown = await post('/api/v1/auth/resend-activation/', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(400);
    const active = await t.createUser();
    const already = await post('/api/v1/auth/resend-activation/', { email: active.email });
    expect(already.statusCode).toBe(400);
    expect(already.json()).toEqual({ email: ['This account is already active.'] });

    await post('/api/v1/auth/users/', { email: 'pending@example.com', password: PASSWORD });
    const queued = await post('/api/v1/auth/resend-activation/', { email: 'pending@example.com' });
    expect(queued.statusCode).toBe(204);
    // Mail goes out in the background, after the answer.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes('pending@example.com')).length).toBe(2);
    const throttled = await post('/api/v1/auth/resend-activation/', { email: 'pending@example.com' });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ detail: 'Request was throttled.' });
  });
});

describe('timing', () => {
  it('spends as long on an unknown email as on a wrong password', async () => {
    const user = await t.createUser();
    const time = async (email: string) => {
      const start = performance.now();
      await post('/api/v1/auth/jwt/create/', { email, password: 'some wrong password' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await time(user.email); // warm-up
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`nobody-${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});
