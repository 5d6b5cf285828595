import type { Kysely } from 'kysely';
import type { Config } from '../config/index.js';
import type { Database } from '../db/schema.js';
import { firstLink } from './links.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer.js';
import { createMailQueue, type MailFailureLog } from './queue.js';

/** Info-level log lines, in pino's argument order. */
export type MailLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * The mailer the configuration asks for: SMTP with `SMTP_URL` (through the background queue, so
 * no answer waits for the mail server), else the outbox table (a local insert). In
 * development every mail's link is also logged (one info line), so a first run needs neither a
 * mail server nor a look into the database. Outside development links are never logged: they
 * carry activation tokens.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>,
  db: Kysely<Database>,
  log: MailLog,
  onFailure: MailFailureLog = log,
): Mailer {
  const mailer = config.smtpUrl
    ? createMailQueue(createSmtpMailer(config.smtpUrl, config.mailFrom), { onFailure })
    : createOutboxMailer(db, (message, fields) => log(fields, message));
  return config.nodeEnv === 'development' ? logLinks(mailer, log) : mailer;
}

function logLinks(mailer: Mailer, log: MailLog): Mailer {
  return {
    async send(mail) {
      await mailer.send(mail);
      const link = firstLink(mail.text);
      if (link) log({ to: mail.to, link }, `mail "${mail.subject}" to ${mail.to}: ${link}`);
    },
    close: () => mailer.close(),
  };
}

/** Where mail goes, for the start-up summary: the SMTP server without its credentials, or the outbox. */
export function describeMailDestination(config: Pick<Config, 'smtpUrl'>): string {
  if (!config.smtpUrl) return 'the outbox table (no SMTP_URL; see `npx quarry mail list`)';
  const url = new URL(config.smtpUrl);
  return `SMTP ${url.protocol}//${url.host}`;
}
