import type { ServiceCommand } from '../command.js';
import { table } from '../table.js';

/** `quarry mail list`: the mails kept in the outbox table when no SMTP server is configured. */
export const mailListCommand: ServiceCommand = {
  kind: 'service',
  words: ['mail', 'list'],
  summary: 'show the mail outbox (mail kept in the database when SMTP_URL is unset), newest first',
  description:
    'Without SMTP_URL, Quarry keeps every mail it sends (activation links) in the outbox table of\n' +
    'its database instead. This lists them, newest first, with the link each carries, so a first\n' +
    'account can be activated on a machine without a mail server. --json adds the full text.',
  options: {
    limit: { type: 'integer', min: 1, max: 10_000, placeholder: 'N', description: 'show at most N mails (default 20)' },
    to: { type: 'string', placeholder: 'E', description: 'only mails to this address' },
  },
  example: 'quarry mail list --to ada@example.com --limit 5',

  async run({ args, services }) {
    // Imported here: the mail module brings the SMTP client, which other commands' help need not load.
    const { firstLink } = await import('../../mail/index.js');
    let query = services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(args.optionalInteger('limit') ?? 20);
    const to = args.optionalString('to');
    if (to !== undefined) query = query.where('recipient', '=', to.trim().toLowerCase());
    const rows = await query.execute();
    const mails = rows.map((row) => ({
      id: row.id,
      created: row.created,
      to: row.recipient,
      subject: row.subject,
      link: firstLink(row.body) ?? null,
      body: row.body,
    }));
    return {
      json: mails,
      text:
        mails.length === 0
          ? 'The outbox is empty.'
          : table(
              ['ID', 'CREATED', 'TO', 'SUBJECT', 'LINK'],
              mails.map((m) => [String(m.id), m.created, m.to, m.subject, m.link ?? '-']),
            ),
    };
  },
};
