import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface DailyEndpointUsage {
  readonly day: string;
  readonly endpoint: string;
  readonly requests: number;
  readonly credits: number;
}

const DAY_MS = 86_400_000;

/** The `days` UTC dates ending with today's, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Credits charged per UTC day and endpoint since `from` (inclusive), from the ledger's charge entries. */
export async function dailyUsageByEndpoint(db: Kysely<Database>, userId: number, from: string): Promise<DailyEndpointUsage[]> {
  const day = sql<string>`substr(created, 1, 10)`;
  const endpoint = sql<string>`coalesce(endpoint, 'other')`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([day.as('day'), endpoint.as('endpoint'), sql<number>`count(*)`.as('requests'), sql<number>`coalesce(sum(-amount), 0)`.as('credits')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .where('created', '>=', from)
    .groupBy([day, endpoint])
    .orderBy(day)
    .orderBy(endpoint)
    .execute();
  return rows.map((r) => ({ day: r.day, endpoint: r.endpoint, requests: Number(r.requests), credits: Number(r.credits) }));
}

export interface LedgerCsvRow {
  readonly created: string;
  readonly kind: string;
  readonly amount: number;
  readonly endpoint: string | null;
  readonly api_key_id: number | null;
  readonly key_name: string | null;
  readonly key_prefix: string | null;
  readonly balance_after: number;
  readonly request_id: string | null;
  readonly note: string | null;
}

export const LEDGER_CSV_COLUMNS = [
  'created',
  'kind',
  'amount',
  'endpoint',
  'api_key_id',
  'key_name',
  'key_prefix',
  'balance_after',
  'request_id',
  'note',
] as const;

/** Entries read per query while the ledger is exported: memory stays bounded whatever the ledger's size. */
const EXPORT_BATCH = 1_000;

/** One batch of an account's ledger, newest first, below entry `beforeId`, with each entry's key name and prefix (revoked keys included). */
function ledgerBatch(db: Kysely<Database>, userId: number, beforeId: number | undefined) {
  let query = db
    .selectFrom('ledger_entries as l')
    .leftJoin('api_keys as k', 'k.id', 'l.api_key_id')
    .select([
      'l.id',
      'l.created',
      'l.kind',
      'l.amount',
      'l.endpoint',
      'l.api_key_id',
      'k.name as key_name',
      'k.prefix as key_prefix',
      'l.balance_after',
      'l.request_id',
      'l.note',
    ])
    .where('l.user_id', '=', userId);
  if (beforeId !== undefined) query = query.where('l.id', '<', beforeId);
  return query.orderBy('l.id', 'desc').limit(EXPORT_BATCH).execute();
}

/**
 * The account's whole ledger as CSV, newest first, in chunks of one batch each: an account with
 * millions of entries is streamed to the client, never held in memory at once.
 */
export async function* ledgerCsv(db: Kysely<Database>, userId: number): AsyncGenerator<string> {
  yield `${LEDGER_CSV_COLUMNS.join(',')}\r\n`;
  let beforeId: number | undefined;
  for (;;) {
    const rows = await ledgerBatch(db, userId, beforeId);
    if (rows.length > 0) yield csvLines(rows);
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so spreadsheets never run it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLines(rows: readonly LedgerCsvRow[]): string {
  return rows.map((row) => `${LEDGER_CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`).join('');
}
