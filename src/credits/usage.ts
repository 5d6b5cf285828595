import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type UsageGroup = 'day' | 'key' | 'endpoint';

export interface UsageRow {
  readonly day?: string;
  readonly key_id?: number | null;
  readonly endpoint?: string | null;
  readonly requests: number;
  readonly credits: number;
}

/**
 * Usage is read from the ledger: every completed metered request wrote one `charge` entry
 * (zero when it cost nothing), so requests and credits per day, key or endpoint are sums of it.
 */
export async function usageOf(db: Kysely<Database>, userId: number, from: string, to: string, group: UsageGroup): Promise<UsageRow[]> {
  const column = group === 'day' ? sql<string>`substr(created, 1, 10)` : group === 'key' ? sql<string>`api_key_id` : sql<string>`endpoint`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([column.as('bucket'), sql<number>`count(*)`.as('requests'), sql<number>`coalesce(sum(-amount), 0)`.as('credits')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .where('created', '>=', from)
    .where('created', '<', to)
    .groupBy(column)
    .orderBy(column)
    .execute();
  const name = group === 'key' ? 'key_id' : group;
  return rows.map((r) => ({ [name]: group === 'key' && r.bucket !== null ? Number(r.bucket) : r.bucket, requests: Number(r.requests), credits: Number(r.credits) }));
}
