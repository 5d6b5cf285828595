import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends mail. Implementations must not log message bodies: they carry activation tokens. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Delivers over SMTP (`SMTP_URL`), e.g. `smtp://user:pass@mail.example.com:587`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer (about 12 MB) is loaded with the first mail, not with the server.
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async send(mail) {
      await (await connect()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {
      (await transport)?.close();
    },
  };
}

/**
 * Without SMTP, mail lands in the `mail_outbox` table, and the log says where, so
 * activation still works on a developer's machine (`SELECT body FROM mail_outbox`).
 */
export function createOutboxMailer(db: Kysely<Database>, log: (message: string, fields: Record<string, unknown>) => void): Mailer {
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text, created: new Date().toISOString(), sent_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      log('mail stored in the outbox (no SMTP_URL configured)', { outboxId: row.id, to: mail.to, subject: mail.subject });
    },
    async close() {},
  };
}
