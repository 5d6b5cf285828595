import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { PASSWORD, type TestApp } from '../support/app.js';
import { mailLink, startMailingApp, type MailingApp } from '../support/mailing-app.js';
import { createManualClock } from '../support/manual-clock.js';
import type { SmtpCapture } from '../support/smtp.js';

// Issue 25, finding 7: a password reset left the old tokens working, and each refresh gave a new
// 24 h token, so a stolen session lived for ever. Real app, real database, real SMTP on loopback.
const SESSION_MAX = 3600;
const REFRESH_LIFETIME = 1800;
let mailing: MailingApp;
let t: TestApp;
let smtp: SmtpCapture;
const clock = createManualClock(new Date('2026-03-01T10:00:00.000Z'));

beforeAll(async () => {
  mailing = await startMailingApp(
    {
      PUBLIC_URL: 'https://quarry.example.com',
      PASSWORD_RESET_EMAIL_RATE: '100/hour',
      PASSWORD_RESET_IP_RATE: '100/hour',
      JWT_ACCESS_LIFETIME: '300',
      JWT_REFRESH_LIFETIME: String(REFRESH_LIFETIME),
      JWT_SESSION_MAX_LIFETIME: String(SESSION_MAX),
    },
    { now: () => new Date(clock.now()) },
  );
  ({ t, smtp } = mailing);
});
afterAll(async () => {
  await mailing?.close();
});

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.quarry.app.inject({ method: 'POST', url, payload, headers });
const me = (access: string) => t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
const refresh = (token: string) => post('/api/v1/auth/jwt/refresh/', { refresh: token });

/** simplejwt's bodies for a refused token, as before this change. */
const REVOKED_ACCESS = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is blacklisted' }],
};
const REVOKED_REFRESH = { detail: 'Token is blacklisted', code: 'token_not_valid' };

/** Two devices logged in, one of them after a refresh: every token of both must die. */
async function twoSessions(email: string) {
  const laptop = await t.login(email, PASSWORD);
  const phone = await t.login(email, PASSWORD);
  const rotated = (await refresh(phone.refresh)).json() as { access: string; refresh: string };
  const tokens = { accesses: [laptop.access, rotated.access], refreshes: [laptop.refresh, rotated.refresh] };
  for (const access of tokens.accesses) expect((await me(access)).statusCode).toBe(200);
  return tokens;
}

async function expectAllRefused(tokens: { accesses: string[]; refreshes: string[] }) {
  for (const access of tokens.accesses) {
    const answer = await me(access);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(REVOKED_ACCESS);
  }
  for (const token of tokens.refreshes) {
    const answer = await refresh(token);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(REVOKED_REFRESH);
    expect((await post('/api/v1/auth/jwt/verify/', { token })).json()).toEqual({ non_field_errors: ['Token is blacklisted'] });
  }
}

async function quarryCli(...argv: string[]): Promise<number> {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), isTTY: false };
  io.stdout.resume();
  io.stderr.resume();
  return runCli(argv, { io, env: t.env, now: () => new Date(clock.now()) });
}

describe('sessions end when the account says so', () => {
  it('a password reset refuses every older access and refresh token; the new password logs in afresh', async () => {
    const user = await t.createUser('session.reset@example.com');
    const before = await twoSessions(user.email);

    expect((await post('/api/v1/auth/users/reset_password/', { email: user.email })).statusCode).toBe(204);
    const mail = await smtp.waitFor(user.email);
    const { uid, token } = mailLink(mail.text, 'password-reset');
    const newPassword = 'a brand new passphrase 9';
    expect((await post('/api/v1/auth/users/reset_password_confirm/', { uid: uid!, token: token!, new_password: newPassword })).statusCode).toBe(204);

    await expectAllRefused(before);
    const after = await t.login(user.email, newPassword);
    expect((await me(after.access)).statusCode).toBe(200);
    expect((await refresh(after.refresh)).statusCode).toBe(200);
  });

  it('the operator lock (`quarry users lock`) ends every session for good: an unlock does not revive the tokens', async () => {
    const user = await t.createUser('session.lock@example.com');
    const before = await twoSessions(user.email);

    expect(await quarryCli('users', 'lock', '--email', user.email)).toBe(0);
    expect(await quarryCli('users', 'unlock', '--email', user.email)).toBe(0);

    await expectAllRefused(before);
    expect((await me((await t.login(user.email, PASSWORD)).access)).statusCode).toBe(200);
  });

  it('POST /api/v1/auth/jwt/logout-all/ answers 204, clears the cookies and refuses every token of every device', async () => {
    const user = await t.createUser('session.everywhere@example.com');
    const before = await twoSessions(user.email);

    const done = await post('/api/v1/auth/jwt/logout-all/', {}, { authorization: `Bearer ${before.accesses[1]!}` });
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect(done.cookies.map((c) => [c.name, c.value])).toEqual([
      ['access', ''],
      ['refresh', ''],
    ]);

    await expectAllRefused(before);
    // The same token cannot do it twice, and a new login is a new session.
    expect((await post('/api/v1/auth/jwt/logout-all/', {}, { authorization: `Bearer ${before.accesses[0]!}` })).statusCode).toBe(401);
    const fresh = await t.login(user.email, PASSWORD);
    expect((await me(fresh.access)).statusCode).toBe(200);
  });

  it('logout-all needs a login token: none is 401, an API key is 403', async () => {
    const anonymous = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const customer = await t.customer();
    const byKey = await post('/api/v1/auth/jwt/logout-all/', {}, { 'x-api-key': customer.key });
    expect(byKey.statusCode).toBe(403);
    expect((await me(customer.access)).statusCode).toBe(200);
  });

  it('documents logout-all in the OpenAPI document', async () => {
    const doc = (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown }>>;
    };
    const operation = doc.paths['/api/v1/auth/jwt/logout-all/']!.post!;
    expect(Object.keys(operation.responses).sort()).toEqual(['204', '401']);
    expect(operation.security).toEqual([{ jwtAuth: [] }]);
  });
});

describe('a refresh chain ends at JWT_SESSION_MAX_LIFETIME after the password login', () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number; auth_time: number };

  it('refreshing every 20 minutes keeps the session up to, and never past, one hour after login', async () => {
    const user = await t.createUser('session.chain@example.com');
    const loginAt = clock.now();
    let pair = await t.login(user.email, PASSWORD);
    const authTime = Math.floor(loginAt / 1000);
    expect(claimsOf(pair.refresh).auth_time).toBe(authTime);

    // Each refresh comes well inside the refresh lifetime: only the absolute limit can stop the chain.
    for (let minutes = 20; minutes < SESSION_MAX / 60; minutes += 20) {
      clock.set(loginAt + minutes * 60_000);
      const answer = await refresh(pair.refresh);
      expect(answer.statusCode).toBe(200);
      pair = answer.json() as typeof pair;
      expect(claimsOf(pair.refresh).auth_time).toBe(authTime);
      expect(claimsOf(pair.refresh).exp).toBeLessThanOrEqual(authTime + SESSION_MAX);
      expect(claimsOf(pair.access).exp).toBeLessThanOrEqual(authTime + SESSION_MAX);
    }
    clock.set(loginAt + (SESSION_MAX - 60) * 1000);
    const last = await refresh(pair.refresh);
    expect(last.statusCode).toBe(200);
    pair = last.json() as typeof pair;
    // Issued a minute before the end, with a 30-minute refresh lifetime: it still ends with the session.
    expect(claimsOf(pair.refresh).exp).toBe(authTime + SESSION_MAX);

    clock.set(loginAt + SESSION_MAX * 1000);
    const over = await refresh(pair.refresh);
    expect(over.statusCode).toBe(401);
    expect(over.json()).toEqual({ detail: 'Token is expired', code: 'token_not_valid' });
    expect((await me(pair.access)).json()).toMatchObject({ code: 'token_not_valid', messages: [{ message: 'Token is expired' }] });
    // A password login starts a new session.
    expect((await me((await t.login(user.email, PASSWORD)).access)).statusCode).toBe(200);
  });
});
