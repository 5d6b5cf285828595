import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../tests/support/smtp.js';
import { createSmtpMailer, type Mailer } from './mailer.js';
import { createMailQueue } from './queue.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});

const FROM = 'Quarry <no-reply@quarry.local>';
const SECRET_LINK = 'https://quarry.example.com/password-reset/MQ/secret-token-123';
const mail = (to: string) => ({ to, subject: 'Reset your Quarry password', text: `Open ${SECRET_LINK}\n` });

/** A loopback port with nothing listening: connecting fails at once. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('createMailQueue', () => {
  it('delivers in the background and tries again after a failed delivery', async () => {
    const smtpMailer = createSmtpMailer(smtp.url, FROM);
    let tries = 0;
    // The first try fails as a mail server that is briefly away would.
    const flaky: Mailer = {
      send: (m) => (++tries === 1 ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) : smtpMailer.send(m)),
      close: () => smtpMailer.close(),
    };
    const failures: unknown[] = [];
    const queue = createMailQueue(flaky, { retryDelayMs: () => 10, onFailure: (fields) => failures.push(fields) });
    await queue.send(mail('queue.retry@example.com'));
    expect((await smtp.waitFor('queue.retry@example.com')).text).toContain(SECRET_LINK);
    expect(tries).toBe(2);
    expect(failures).toEqual([]);
    await queue.close();
  });

  it('logs a mail that fails for good by recipient, subject and reason, never by its body', async () => {
    const failures: { fields: Record<string, unknown>; message: string }[] = [];
    const queue = createMailQueue(createSmtpMailer(`smtp://user:hunter2@127.0.0.1:${await deadPort()}`, FROM), {
      attempts: 2,
      retryDelayMs: () => 10,
      onFailure: (fields, message) => failures.push({ fields, message }),
    });
    await queue.send(mail('queue.lost@example.com'));
    await queue.close();
    expect(failures).toEqual([
      { fields: { to: 'queue.lost@example.com', subject: 'Reset your Quarry password', attempts: 2, reason: 'ESOCKET' }, message: 'mail could not be sent' },
    ]);
    expect(JSON.stringify(failures)).not.toMatch(/secret-token|hunter2/);
  });

  it('close delivers what is still queued, without waiting out the pauses between tries', async () => {
    const smtpMailer = createSmtpMailer(smtp.url, FROM);
    let tries = 0;
    const flaky: Mailer = { send: (m) => (++tries === 1 ? Promise.reject(new Error('busy')) : smtpMailer.send(m)), close: () => smtpMailer.close() };
    const queue = createMailQueue(flaky, { retryDelayMs: () => 3_600_000, onFailure: () => undefined });
    await queue.send(mail('queue.close@example.com'));
    await queue.close();
    expect(smtp.messages.some((m) => m.to.includes('queue.close@example.com'))).toBe(true);
  });
});
