import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { startSmtpCapture, type SmtpCapture } from '../../tests/support/smtp.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createMailer, describeMailDestination } from './build.js';
import { firstLink } from './links.js';

// Real SMTP on loopback and a real outbox: the development link log comes on top of delivery, never instead.
let smtp: SmtpCapture;
let dataDir: string;
let database: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-mail-'));
  database = await createTestDatabase();
  handle = openDatabase({ url: database.url, sqliteFile: join(dataDir, 'quarry.db'), poolSize: 2 });
  await migrateToLatest(handle);
});
afterAll(async () => {
  await smtp?.close();
  await handle?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const mail = (to: string) => ({
  to,
  subject: 'Activate your Quarry account',
  text: `Welcome.\n\nOpen this link to activate your account:\nhttp://127.0.0.1:8000/activate/MQ/abc-123\n`,
});

describe('createMailer', () => {
  it('delivers and logs the link in one info line in development', async () => {
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Quarry <no-reply@quarry.local>', nodeEnv: 'development' }, handle.db, (fields, message) =>
      logged.push({ fields, message }),
    );
    await mailer.send(mail('dev@example.com'));
    await mailer.close();
    expect((await smtp.waitFor('dev@example.com')).text).toContain('/activate/MQ/abc-123');
    expect(logged).toEqual([
      {
        fields: { to: 'dev@example.com', link: 'http://127.0.0.1:8000/activate/MQ/abc-123' },
        message: 'mail "Activate your Quarry account" to dev@example.com: http://127.0.0.1:8000/activate/MQ/abc-123',
      },
    ]);
  });

  it('keeps the mail in the outbox without SMTP, and still logs the link in development', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Quarry <no-reply@quarry.local>', nodeEnv: 'development' }, handle.db, (_fields, message) =>
      logged.push(message),
    );
    await mailer.send(mail('outbox@example.com'));
    const row = await handle.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'outbox@example.com').executeTakeFirstOrThrow();
    expect(row.body).toContain('/activate/MQ/abc-123');
    expect(logged).toEqual([
      'mail stored in the outbox (no SMTP_URL configured)',
      'mail "Activate your Quarry account" to outbox@example.com: http://127.0.0.1:8000/activate/MQ/abc-123',
    ]);
  });

  it('never logs a link in production', async () => {
    const logged: unknown[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Quarry <no-reply@quarry.local>', nodeEnv: 'production' }, handle.db, (fields) =>
      logged.push(fields),
    );
    await mailer.send(mail('prod@example.com'));
    await mailer.close();
    await smtp.waitFor('prod@example.com');
    expect(logged).toEqual([]);
  });
});

describe('describeMailDestination and firstLink', () => {
  it('names the SMTP server without its credentials, or the outbox', () => {
    expect(describeMailDestination({ smtpUrl: 'smtps://user:p4ss@mail.example.com:465' })).toBe('SMTP smtps://mail.example.com:465');
    expect(describeMailDestination({ smtpUrl: undefined })).toContain('outbox');
  });

  it('finds the first link of a text, if any', () => {
    expect(firstLink('see https://a.example/x?y=1 and http://b.example')).toBe('https://a.example/x?y=1');
    expect(firstLink('no link here')).toBeUndefined();
  });
});
