import { sql, type Kysely } from 'kysely';
import type { Database, LedgerKind } from '../db/schema.js';

/** A ledger entry as the history shows it. */
export interface LedgerEntryRow {
  readonly id: number;
  readonly amount: number;
  readonly kind: LedgerKind;
  readonly balance_after: number;
  readonly api_key_id: number | null;
  readonly endpoint: string | null;
  readonly request_id: string | null;
  readonly note: string | null;
  readonly created: string;
}

/**
 * What a metered call came to: `charged` once it wrote its charge (zero included), `failed` when
 * its hold was released without a charge (the work failed, the client left, or the hold ran
 * out), `running` while its hold is open.
 */
export type CallStatus = 'charged' | 'failed' | 'running';

/** One line of the account's activity: a metered call with its entries, or one entry that is not a call (a grant, a purchase…). */
export interface ActivityRow {
  readonly id: string;
  readonly kind: 'call' | Exclude<LedgerKind, 'hold' | 'charge' | 'release'>;
  readonly status: CallStatus | null;
  /** The net change of the balance: what the call cost in the end, or the credit added. */
  readonly amount: number;
  readonly balance_after: number;
  readonly api_key_id: number | null;
  readonly endpoint: string | null;
  readonly request_id: string | null;
  readonly note: string | null;
  /** When it started (the hold, or the entry). */
  readonly created: string;
  /** Its ledger entries, oldest first. */
  readonly entries: LedgerEntryRow[];
}

const ENTRY_COLUMNS = ['id', 'amount', 'kind', 'balance_after', 'api_key_id', 'endpoint', 'request_id', 'note', 'created'] as const;

/**
 * The entries of one metered call share its hold id (hold, release, charge; a one-step charge
 * has a hold id of its own); an entry without one (grant, purchase, refund, adjustment) stands
 * alone. Entry ids are digits and hold ids are UUIDs, so the two never meet. The expression has
 * no parameter, so PostgreSQL matches the GROUP BY with the SELECT.
 */
const activityKey = sql<string>`coalesce(hold_id, cast(id as text))`;

export async function countActivity(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`count(distinct ${activityKey})`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the account's activity, newest first (by its latest entry). */
export async function activityPage(db: Kysely<Database>, userId: number, offset: number, limit: number): Promise<ActivityRow[]> {
  const keys = await db
    .selectFrom('ledger_entries')
    .select([activityKey.as('key'), sql<number>`max(id)`.as('last')])
    .where('user_id', '=', userId)
    .groupBy(activityKey)
    .orderBy('last', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  if (keys.length === 0) return [];
  const holdIds = keys.map((k) => k.key).filter((key) => !/^\d+$/.test(key));
  const entryIds = keys.map((k) => k.key).filter((key) => /^\d+$/.test(key));
  const entries = await db
    .selectFrom('ledger_entries')
    .select([...ENTRY_COLUMNS, 'hold_id'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([...(holdIds.length > 0 ? [eb('hold_id', 'in', holdIds)] : []), ...(entryIds.length > 0 ? [eb('id', 'in', entryIds.map(Number))] : [])]),
    )
    .orderBy('id')
    .execute();
  const byKey = new Map<string, LedgerEntryRow[]>();
  for (const { hold_id, ...entry } of entries) {
    const key = hold_id ?? String(entry.id);
    const normalized = { ...entry, id: Number(entry.id), amount: Number(entry.amount), balance_after: Number(entry.balance_after) };
    const group = byKey.get(key);
    if (group === undefined) byKey.set(key, [normalized]);
    else group.push(normalized);
  }
  return keys.map(({ key }) => activityOf(key, byKey.get(key) ?? []));
}

function activityOf(id: string, entries: LedgerEntryRow[]): ActivityRow {
  const first = entries[0]!;
  const last = entries[entries.length - 1]!;
  const kinds = new Set(entries.map((e) => e.kind));
  const isCall = kinds.has('hold') || kinds.has('charge') || kinds.has('release');
  return {
    id,
    kind: isCall ? 'call' : (first.kind as ActivityRow['kind']),
    status: isCall ? (kinds.has('charge') ? 'charged' : kinds.has('release') ? 'failed' : 'running') : null,
    amount: entries.reduce((sum, e) => sum + e.amount, 0),
    balance_after: last.balance_after,
    api_key_id: first.api_key_id,
    endpoint: first.endpoint,
    request_id: first.request_id,
    note: last.note,
    created: first.created,
    entries,
  };
}
