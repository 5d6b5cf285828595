import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type UsageGroup = 'day' | 'key' | 'endpoint';

export interface UsageRow {
  readonly day?: string;
  readonly key_id?: number | null;
  readonly endpoint?: string | null;
  /** Finished metered calls, charged or not. */
  readonly requests: number;
  readonly credits: number;
  /** Of `requests`, those that failed (or whose client left) and were not charged. */
  readonly failed: number;
}

/**
 * Usage is read from the holds: every metered call holds credits first, and a finished call
 * either wrote a `charge` entry for its hold (zero when it cost nothing) or released the hold
 * without one (it failed, its client left, or its process died). So requests, credits and
 * failed calls per day, key or endpoint are sums over the closed holds and their charges.
 * Calls still running (open holds) are not counted yet.
 */
export async function usageOf(db: Kysely<Database>, userId: number, from: string, to: string, group: UsageGroup): Promise<UsageRow[]> {
  const column = group === 'day' ? sql<string>`substr(h.created, 1, 10)` : group === 'key' ? sql<string>`h.api_key_id` : sql<string>`h.endpoint`;
  const rows = await db
    .selectFrom('holds as h')
    .leftJoin('ledger_entries as c', (join) => join.onRef('c.hold_id', '=', 'h.id').on('c.kind', '=', 'charge'))
    .select([
      column.as('bucket'),
      sql<number>`count(*)`.as('requests'),
      sql<number>`coalesce(sum(-c.amount), 0)`.as('credits'),
      sql<number>`sum(case when c.id is null then 1 else 0 end)`.as('failed'),
    ])
    .where('h.user_id', '=', userId)
    .where('h.status', '!=', 'open')
    .where('h.created', '>=', from)
    .where('h.created', '<', to)
    .groupBy(column)
    .orderBy(column)
    .execute();
  const name = group === 'key' ? 'key_id' : group;
  return rows.map((r) => ({
    [name]: group === 'key' && r.bucket !== null ? Number(r.bucket) : r.bucket,
    requests: Number(r.requests),
    credits: Number(r.credits),
    failed: Number(r.failed ?? 0),
  }));
}
