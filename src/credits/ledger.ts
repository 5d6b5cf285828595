import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerKind } from '../db/schema.js';

/** A debit could not be covered; carries the balance the 402 answer shows. */
export class InsufficientCreditsError extends Error {
  constructor(readonly creditsRemaining: number) {
    super('Insufficient credits');
    this.name = 'InsufficientCreditsError';
  }
}

export class UnknownAccountError extends Error {
  constructor(readonly userId: number) {
    super(`No account with id ${userId}`);
    this.name = 'UnknownAccountError';
  }
}

export interface EntryContext {
  readonly apiKeyId?: number | null;
  readonly endpoint?: string | null;
  readonly requestId?: string | null;
  readonly note?: string | null;
}

export interface CreditInput extends EntryContext {
  readonly kind: Extract<LedgerKind, 'grant' | 'purchase' | 'refund' | 'adjustment'>;
  /** Applied at most once per key, however often or concurrently it is retried. */
  readonly idempotencyKey?: string | null;
}

export interface HoldInput extends EntryContext {
  readonly endpoint: string;
  readonly ttlSeconds: number;
}

export interface Hold {
  readonly id: string;
  readonly userId: number;
  readonly amount: number;
  readonly balance: number;
}

export interface Settlement {
  readonly charged: number;
  readonly balance: number;
}

export interface AuditRow {
  readonly userId: number;
  readonly email: string;
  readonly balance: number;
  readonly ledgerSum: number;
  readonly openHolds: number;
  readonly expiredOpenHolds: number;
}

/**
 * The credit ledger. Every change to a balance is one append-only entry written in the same
 * transaction as a single conditional UPDATE of the balance, so the balance always equals the
 * sum of its entries and no debit can take it below zero, whatever the concurrency.
 */
export interface Ledger {
  balance(userId: number): Promise<number>;
  /** Adds (or, for an adjustment, removes) credits; `applied: false` when the idempotency key was used before. */
  credit(userId: number, amount: number, input: CreditInput): Promise<{ applied: boolean; balance: number }>;
  /** Reserves credits for a piece of work; throws InsufficientCreditsError when the balance cannot cover it. */
  hold(userId: number, amount: number, input: HoldInput): Promise<Hold>;
  /** Charges `actual` (at most the held amount) and releases the rest; a second settle is a no-op. */
  settle(holdId: string, actual: number): Promise<Settlement>;
  /** Releases the whole hold without a charge entry: the work failed, so it is not usage. */
  release(holdId: string): Promise<Settlement>;
  /** Releases holds whose time ran out (their process died before settling). Returns how many. */
  expireHolds(): Promise<number>;
  audit(): Promise<AuditRow[]>;
}

class AlreadyApplied extends Error {}

export function createLedger(db: Kysely<Database>, now: () => Date = () => new Date()): Ledger {
  const iso = () => now().toISOString();

  async function changeBalance(trx: Transaction<Database>, userId: number, delta: number): Promise<number | undefined> {
    const row = await trx
      .updateTable('users')
      .set({ credits_balance: sql`credits_balance + ${delta}` })
      .where('id', '=', userId)
      .$if(delta < 0, (q) => q.where('credits_balance', '>=', -delta))
      .returning('credits_balance')
      .executeTakeFirst();
    return row?.credits_balance;
  }

  async function balanceOf(executor: Kysely<Database>, userId: number): Promise<number> {
    const row = await executor.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirst();
    if (!row) throw new UnknownAccountError(userId);
    return row.credits_balance;
  }

  function entry(
    userId: number,
    amount: number,
    kind: LedgerKind,
    balanceAfter: number,
    ctx: EntryContext & { holdId?: string; idempotencyKey?: string | null },
  ) {
    return {
      user_id: userId,
      amount,
      kind,
      balance_after: balanceAfter,
      api_key_id: ctx.apiKeyId ?? null,
      endpoint: ctx.endpoint ?? null,
      request_id: ctx.requestId ?? null,
      hold_id: ctx.holdId ?? null,
      idempotency_key: ctx.idempotencyKey ?? null,
      note: ctx.note ?? null,
      created: iso(),
    };
  }

  function closeHold(holdId: string, actual: number, charge: boolean): Promise<Settlement> {
    if (!Number.isSafeInteger(actual) || actual < 0) throw new RangeError('charge must be a whole number ≥ 0');
    return db.transaction().execute(async (trx) => {
      const hold = await trx
        .updateTable('holds')
        .set({ status: 'settled', settled_at: iso() })
        .where('id', '=', holdId)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!hold) {
        // Settled already, or the sweeper released it: the work is not charged twice.
        const row = await trx.selectFrom('holds').select('user_id').where('id', '=', holdId).executeTakeFirst();
        return { charged: 0, balance: row ? await balanceOf(trx, row.user_id) : 0 };
      }
      const charged = Math.min(actual, hold.amount);
      const ctx = { apiKeyId: hold.api_key_id, endpoint: hold.endpoint, requestId: hold.request_id, holdId };
      const after = (await changeBalance(trx, hold.user_id, hold.amount - charged))!;
      if (hold.amount > 0)
        await trx
          .insertInto('ledger_entries')
          .values(entry(hold.user_id, hold.amount, 'release', after + charged, ctx))
          .execute();
      if (charge)
        await trx
          .insertInto('ledger_entries')
          .values(entry(hold.user_id, -charged, 'charge', after, ctx))
          .execute();
      return { charged, balance: after };
    });
  }

  return {
    balance: (userId) => balanceOf(db, userId),

    async credit(userId, amount, input) {
      if (!Number.isSafeInteger(amount) || amount === 0) throw new RangeError('amount must be a non-zero whole number');
      if (amount < 0 && input.kind !== 'adjustment') throw new RangeError('only adjustments may remove credits');
      try {
        const balance = await db.transaction().execute(async (trx) => {
          const after = await changeBalance(trx, userId, amount);
          if (after === undefined) {
            const current = await balanceOf(trx, userId);
            throw new InsufficientCreditsError(current);
          }
          const inserted = await trx
            .insertInto('ledger_entries')
            .values(entry(userId, amount, input.kind, after, input))
            .onConflict((oc) => oc.column('idempotency_key').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw new AlreadyApplied();
          return after;
        });
        return { applied: true, balance };
      } catch (error) {
        if (error instanceof AlreadyApplied) return { applied: false, balance: await balanceOf(db, userId) };
        throw error;
      }
    },

    async hold(userId, amount, input) {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('hold amount must be a whole number ≥ 0');
      const id = randomUUID();
      const created = now();
      const expires = new Date(created.getTime() + input.ttlSeconds * 1000).toISOString();
      const balance = await db.transaction().execute(async (trx) => {
        const after = await changeBalance(trx, userId, -amount);
        if (after === undefined) throw new InsufficientCreditsError(await balanceOf(trx, userId));
        await trx
          .insertInto('holds')
          .values({
            id,
            user_id: userId,
            api_key_id: input.apiKeyId ?? null,
            amount,
            endpoint: input.endpoint,
            request_id: input.requestId ?? null,
            status: 'open',
            created: created.toISOString(),
            expires_at: expires,
            settled_at: null,
          })
          .execute();
        if (amount > 0)
          await trx
            .insertInto('ledger_entries')
            .values(entry(userId, -amount, 'hold', after, { ...input, holdId: id }))
            .execute();
        return after;
      });
      return { id, userId, amount, balance };
    },

    settle: (holdId, actual) => closeHold(holdId, actual, true),
    release: (holdId) => closeHold(holdId, 0, false),

    async expireHolds() {
      const stale = await db.selectFrom('holds').select('id').where('status', '=', 'open').where('expires_at', '<', iso()).limit(1000).execute();
      let released = 0;
      for (const { id } of stale) {
        const done = await db.transaction().execute(async (trx) => {
          const hold = await trx
            .updateTable('holds')
            .set({ status: 'expired', settled_at: iso() })
            .where('id', '=', id)
            .where('status', '=', 'open')
            .returningAll()
            .executeTakeFirst();
          if (!hold) return false;
          const after = (await changeBalance(trx, hold.user_id, hold.amount))!;
          if (hold.amount > 0) {
            await trx
              .insertInto('ledger_entries')
              .values(
                entry(hold.user_id, hold.amount, 'release', after, {
                  apiKeyId: hold.api_key_id,
                  endpoint: hold.endpoint,
                  requestId: hold.request_id,
                  holdId: id,
                  note: 'hold expired',
                }),
              )
              .execute();
          }
          return true;
        });
        if (done) released += 1;
      }
      return released;
    },

    async audit() {
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
            .where('h.expires_at', '<', iso())
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
    },
  };
}
