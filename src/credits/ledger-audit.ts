import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One account in the audit: its balance beside the sum of its entries, and its open holds. */
export interface AuditRow {
  readonly userId: number;
  readonly email: string;
  readonly balance: number;
  readonly ledgerSum: number;
  readonly openHolds: number;
  readonly expiredOpenHolds: number;
}

/** Per account: the balance beside the sum of its entries, and its open (and overdue) holds. */
export async function auditLedger(db: Kysely<Database>, nowIso: string): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id as userId',
      'u.email as email',
      'u.credits_balance as balance',
      eb.fn
        .coalesce(
          eb
            .selectFrom('ledger_entries as l')
            .select((e) => e.fn.sum<number>('l.amount').as('s'))
            .whereRef('l.user_id', '=', 'u.id'),
          sql<number>`0`,
        )
        .as('ledgerSum'),
      eb
        .selectFrom('holds as h')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('h.user_id', '=', 'u.id')
        .where('h.status', '=', 'open')
        .as('openHolds'),
      eb
        .selectFrom('holds as h')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('h.user_id', '=', 'u.id')
        .where('h.status', '=', 'open')
        .where('h.expires_at', '<', nowIso)
        .as('expiredOpenHolds'),
    ])
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.userId),
    email: r.email,
    balance: Number(r.balance),
    ledgerSum: Number(r.ledgerSum ?? 0),
    openHolds: Number(r.openHolds ?? 0),
    expiredOpenHolds: Number(r.expiredOpenHolds ?? 0),
  }));
}
