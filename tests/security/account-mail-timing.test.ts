import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp } from '../support/app.js';
import { startMailingApp, type MailingApp } from '../support/mailing-app.js';
import type { SmtpCapture } from '../support/smtp.js';

// Issue 25, finding 8: with SMTP set, a password reset waited for the mail server before answering
// (52 ms for an address with an account, 3 ms without), which told who has an account. Here the
// real SMTP server on loopback holds every mail unanswered: an answer that waits for the mail
// server cannot arrive, so each answer below proves, whatever the machine's speed, that no mail
// was waited for. Then the server lets go and the mails still arrive.
let mailing: MailingApp;
let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  mailing = await startMailingApp({
    PUBLIC_URL: 'https://quarry.example.com',
    PASSWORD_RESET_EMAIL_RATE: '100/hour',
    PASSWORD_RESET_IP_RATE: '100/hour',
    RESEND_ACTIVATION_EMAIL_RATE: '100/hour',
    RESEND_ACTIVATION_IP_RATE: '100/hour',
  });
  ({ t, smtp } = mailing);
});
afterAll(async () => {
  await mailing?.close();
});

const post = (url: string, payload: Record<string, unknown>) => t.quarry.app.inject({ method: 'POST', url, payload });

describe('account mails are queued: answers never wait for the mail server', () => {
  it('password reset answers 204 for a known and an unknown address while the mail server holds the mail; the mail arrives afterwards', async () => {
    const known = await t.createUser('timing.known@example.com');
    smtp.hold();
    try {
      const forKnown = await post('/api/v1/auth/users/reset_password/', { email: known.email });
      const forUnknown = await post('/api/v1/auth/users/reset_password/', { email: 'timing.nobody@example.com' });
      expect([forKnown.statusCode, forKnown.body]).toEqual([204, '']);
      expect([forUnknown.statusCode, forUnknown.body]).toEqual([204, '']);
      expect(smtp.messages.filter((m) => m.to.includes(known.email))).toEqual([]);
    } finally {
      smtp.release();
    }
    expect((await smtp.waitFor(known.email)).subject).toBe('Reset your Quarry password');
    expect(smtp.messages.some((m) => m.to.includes('timing.nobody@example.com'))).toBe(false);
  });

  it('registration answers 201 for a new and a taken address while the mail server holds the mail; both mails arrive afterwards', async () => {
    const taken = await t.createUser('timing.taken@example.com');
    smtp.hold();
    try {
      const fresh = await post('/api/v1/auth/users/', { email: 'timing.new@example.com', password: PASSWORD });
      const again = await post('/api/v1/auth/users/', { email: taken.email, password: PASSWORD });
      expect([fresh.statusCode, fresh.json()]).toEqual([201, { email: 'timing.new@example.com' }]);
      expect([again.statusCode, again.json()]).toEqual([201, { email: taken.email }]);
    } finally {
      smtp.release();
    }
    expect((await smtp.waitFor('timing.new@example.com')).subject).toBe('Activate your Quarry account');
    expect((await smtp.waitFor(taken.email)).subject).toBe('Your Quarry account already exists');
  });

  it('resend-activation answers 204 while the mail server holds the mail; the mail arrives afterwards', async () => {
    const email = 'timing.inactive@example.com';
    await t.quarry.services.accounts.register({ email, password: PASSWORD, origin: 'https://quarry.example.com' });
    await smtp.waitFor(email);
    const before = smtp.messages.length;
    smtp.hold();
    try {
      const answer = await post('/api/v1/auth/resend-activation/', { email });
      expect(answer.statusCode).toBe(204);
      expect(smtp.messages.length).toBe(before);
    } finally {
      smtp.release();
    }
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(2);
  });
});
