import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp } from '../../tests/support/app.js';
import { mailLink, startMailingApp, type MailingApp } from '../../tests/support/mailing-app.js';
import { createManualClock } from '../../tests/support/manual-clock.js';
import type { SmtpCapture } from '../../tests/support/smtp.js';

let mailing: MailingApp;
let t: TestApp;
let smtp: SmtpCapture;
const clock = createManualClock(new Date('2026-03-01T10:00:00.000Z'));

beforeAll(async () => {
  mailing = await startMailingApp(
    {
      PASSWORD_RESET_EMAIL_RATE: '2/hour',
      PASSWORD_RESET_IP_RATE: '100/hour',
      PASSWORD_RESET_TOKEN_LIFETIME: '600',
      PUBLIC_URL: 'https://quarry.example.com',
    },
    { now: () => new Date(clock.now()) },
  );
  ({ t, smtp } = mailing);
});
afterAll(async () => {
  await mailing.close();
});

const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  t.quarry.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });

/** The reset link of a mail, which must point at the dashboard of PUBLIC_URL. */
function resetLinkFrom(text: string): { uid: string; token: string } {
  if (!text.includes('https://quarry.example.com/password-reset/')) throw new Error(`no reset link to the dashboard in: ${text}`);
  return mailLink(text, 'password-reset');
}

describe('password reset (djoser reset_password / reset_password_confirm)', () => {
  it('mails a dashboard link; the token sets a new password once, and the old password stops working', async () => {
    const user = await t.createUser('reset.me@example.com');
    const asked = await post('/api/v1/auth/users/reset_password/', { email: 'Reset.Me@example.com' });
    expect(asked.statusCode).toBe(204);
    expect(asked.body).toBe('');
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toContain('Reset');
    const { uid, token } = resetLinkFrom(mail.text);

    const weak = await post('/api/v1/auth/users/reset_password_confirm/', { uid, token, new_password: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ new_password: ['This password is too common.', 'This password is entirely numeric.'] });
    expect((await post('/api/v1/auth/users/reset_password_confirm/', { uid: 'zz', token, new_password: 'another sturdy phrase 7' })).json()).toEqual({
      uid: ["Invalid user id or user doesn't exist."],
    });
    expect((await post('/api/v1/auth/users/reset_password_confirm/', { uid, token: `${token}x`, new_password: 'another sturdy phrase 7' })).json()).toEqual({
      token: ['Invalid token for given user.'],
    });

    const done = await post('/api/v1/auth/users/reset_password_confirm/', { uid, token, new_password: 'another sturdy phrase 7' });
    expect(done.statusCode).toBe(204);
    const again = await post('/api/v1/auth/users/reset_password_confirm/', { uid, token, new_password: 'a third sturdy phrase 8' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Invalid token for given user.'] });

    await expect(t.login(user.email, PASSWORD)).rejects.toThrow(/401/);
    await expect(t.login(user.email, 'another sturdy phrase 7')).resolves.toHaveProperty('access');
  });

  it('answers 204 for unknown and inactive emails without sending mail', async () => {
    const before = smtp.messages.length;
    expect((await post('/api/v1/auth/users/reset_password/', { email: 'nobody@example.com' }, '10.0.0.2')).statusCode).toBe(204);
    await post('/api/v1/auth/users/', { email: 'inactive.reset@example.com', password: PASSWORD });
    await smtp.waitFor('inactive.reset@example.com'); // the activation mail
    expect((await post('/api/v1/auth/users/reset_password/', { email: 'inactive.reset@example.com' }, '10.0.0.2')).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.slice(before).filter((m) => m.subject.includes('Reset'))).toEqual([]);
  });

  it('expires tokens after PASSWORD_RESET_TOKEN_LIFETIME', async () => {
    const user = await t.createUser('expiring.reset@example.com');
    await post('/api/v1/auth/users/reset_password/', { email: user.email }, '10.0.0.3');
    const { uid, token } = resetLinkFrom((await smtp.waitFor(user.email)).text);
    clock.advance(601_000);
    const late = await post('/api/v1/auth/users/reset_password_confirm/', { uid, token, new_password: 'another sturdy phrase 7' });
    expect(late.json()).toEqual({ token: ['Invalid token for given user.'] });
  });

  it('throttles requests per email with 429 and Retry-After', async () => {
    const email = 'throttled.reset@example.com';
    expect((await post('/api/v1/auth/users/reset_password/', { email }, '10.0.0.4')).statusCode).toBe(204);
    expect((await post('/api/v1/auth/users/reset_password/', { email }, '10.0.0.5')).statusCode).toBe(204);
    const throttled = await post('/api/v1/auth/users/reset_password/', { email: email.toUpperCase() }, '10.0.0.6');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled\./) });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' })).json();
    expect(doc.paths['/api/v1/auth/users/reset_password/'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PasswordResetRequest',
    });
    expect(doc.paths['/api/v1/auth/users/reset_password_confirm/'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PasswordResetConfirm',
    });
  });
});
