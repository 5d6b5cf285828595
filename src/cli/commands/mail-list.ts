import { firstLink } from '../../mail/index.js';
import type { ServiceCommand } from '../command.js';

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

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  // The last column is not padded: links are long, and trailing spaces would only wrap lines.
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
