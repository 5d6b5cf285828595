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
 * Usage is read from the holds and the one-step charges. A call whose cost was not known
 * beforehand holds credits first, and when it finished it either wrote a `charge` entry for its
 * hold (zero when it cost nothing) or released the hold without one (it failed, its client left,
 * or its process died). A call charged in one step (a cache hit) wrote only its `charge` entry,
 * with a hold id that no hold row has (before migration 0015 it also wrote a settled hold row,
 * and is counted through that). So requests, credits and failed calls per day, key or endpoint
 * are sums over the closed holds with their charges, and the charges without a hold. Calls still
 * running (open holds) are not counted yet.
 */
export async function usageOf(db: Kysely<Database>, userId: number, from: string, to: string, group: UsageGroup): Promise<UsageRow[]> {
  const bucketOf = (table: 'h' | 'l') =>
    group === 'day'
      ? sql<string>`substr(${sql.ref(`${table}.created`)}, 1, 10)`
      : sql<string>`${sql.ref(`${table}.${group === 'key' ? 'api_key_id' : 'endpoint'}`)}`;
  const held = db
    .selectFrom('holds as h')
    .leftJoin('ledger_entries as c', (join) => join.onRef('c.hold_id', '=', 'h.id').on('c.kind', '=', 'charge'))
    .select([bucketOf('h').as('bucket'), sql<number>`coalesce(-c.amount, 0)`.as('credits'), sql<number>`case when c.id is null then 1 else 0 end`.as('failed')])
    .where('h.user_id', '=', userId)
    .where('h.status', '!=', 'open')
    .where('h.created', '>=', from)
    .where('h.created', '<', to);
  const oneStep = db
    .selectFrom('ledger_entries as l')
    .select([bucketOf('l').as('bucket'), sql<number>`-l.amount`.as('credits'), sql<number>`0`.as('failed')])
    .where('l.user_id', '=', userId)
    .where('l.kind', '=', 'charge')
    .where('l.created', '>=', from)
    .where('l.created', '<', to)
    .where('l.hold_id', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('holds as x').select('x.id').whereRef('x.id', '=', 'l.hold_id'))));
  const rows = await db
    .selectFrom(held.unionAll(oneStep).as('u'))
    .select(['u.bucket', sql<number>`count(*)`.as('requests'), sql<number>`coalesce(sum(u.credits), 0)`.as('credits'), sql<number>`sum(u.failed)`.as('failed')])
    .groupBy('u.bucket')
    .orderBy('u.bucket')
    .execute();
  const name = group === 'key' ? 'key_id' : group;
  return rows.map((r) => ({
    [name]: group === 'key' && r.bucket !== null ? Number(r.bucket) : r.bucket,
    requests: Number(r.requests),
    credits: Number(r.credits),
    failed: Number(r.failed ?? 0),
  }));
}
