import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database, LedgerKind } from '../db/schema.js';
import { createGroupCommit } from './group-commit.js';
import { timeOrderedId } from './hold-id.js';
import { auditLedger, type AuditRow } from './ledger-audit.js';
import type { LedgerOp, LedgerStore, OpResult } from './ledger-ops.js';
import { createPostgresLedgerStore } from './ledger-postgres.js';
import { createSqliteLedgerStore } from './ledger-sqlite.js';

export type { AuditRow } from './ledger-audit.js';

/** A debit could not be covered; carries the balance the 402 answer shows, and what the call needed when the caller knows it. */
export class InsufficientCreditsError extends Error {
  constructor(
    readonly creditsRemaining: number,
    readonly creditsNeeded?: number,
  ) {
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

/**
 * The credit ledger. Every change to a balance is one append-only entry written in the same
 * transaction as a single conditional UPDATE of the balance, so the balance always equals the
 * sum of its entries and no debit can take it below zero, whatever the concurrency.
 *
 * The metered hot path (hold, charge, settle, release) runs through a LedgerStore: prepared
 * statements, one round trip on PostgreSQL, and group commit (see "The metered hot path" in
 * the README). Grants, the sweeper and the audit are rare and stay on Kysely.
 */
export interface Ledger {
  balance(userId: number): Promise<number>;
  /** Adds (or, for an adjustment, removes) credits; `applied: false` when the idempotency key was used before. */
  credit(userId: number, amount: number, input: CreditInput): Promise<{ applied: boolean; balance: number }>;
  /** Reserves credits for a piece of work; throws InsufficientCreditsError when the balance cannot cover it. */
  hold(userId: number, amount: number, input: HoldInput): Promise<Hold>;
  /**
   * Charges a cost known before the work (a cache hit) in one step: one `charge` entry, which is
   * also the call's usage record; throws InsufficientCreditsError when it cannot.
   */
  charge(userId: number, amount: number, input: EntryContext & { readonly endpoint: string }): Promise<Settlement>;
  /** Charges `actual` (at most the held amount) and releases the rest; a second settle is a no-op. */
  settle(holdId: string, actual: number): Promise<Settlement>;
  /** Releases the whole hold without a charge entry: the work failed, so it is not usage. */
  release(holdId: string): Promise<Settlement>;
  /** Releases holds whose time ran out (their process died before settling). Returns how many. */
  expireHolds(): Promise<number>;
  audit(): Promise<AuditRow[]>;
}

class AlreadyApplied extends Error {}

/** The hot path's store for the database's dialect (prepared statements on SQLite, one function call per batch on PostgreSQL). */
export function createLedgerStore(database: DatabaseHandle): LedgerStore {
  return database.raw.dialect === 'sqlite' ? createSqliteLedgerStore(database.raw.sqlite) : createPostgresLedgerStore(database.raw.pool);
}

export function createLedger(database: DatabaseHandle, now: () => Date = () => new Date()): Ledger {
  const { db } = database;
  const iso = () => now().toISOString();
  const store = createLedgerStore(database);
  // One batch at a time on both databases. SQLite applies a batch synchronously, so a second
  // one in flight gains nothing. On PostgreSQL a second batch sent while the first commits
  // mostly waits on the same balance rows (FOR UPDATE) and leaves with fewer members: one at a
  // time makes batches larger (16 instead of 12 charges on a hot account), fewer round trips
  // and commits (BENCHMARKS.md, fourth pass of issue 13).
  const batches = createGroupCommit<LedgerOp, OpResult>((ops) => store.apply(ops), { maxInFlight: 1, maxBatch: 256 });

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

  /** Submits a debit (hold or one-step charge) and turns a refusal into the error the caller maps. */
  async function debit(op: LedgerOp & { userId: number }): Promise<OpResult> {
    const result = await batches.submit(op);
    if (result.status === 'unknown') throw new UnknownAccountError(op.userId);
    if (result.status === 'insufficient') throw new InsufficientCreditsError(result.balance);
    return result;
  }

  async function closeHold(holdId: string, actual: number, op: 'settle' | 'release'): Promise<Settlement> {
    if (!Number.isSafeInteger(actual) || actual < 0) throw new RangeError('charge must be a whole number ≥ 0');
    const { charged, balance } = await batches.submit({ op, holdId, actual, at: iso() });
    return { charged, balance };
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
            .values(entry(userId, amount, input.kind, after, iso(), input))
            // A partial unique index on PostgreSQL (migration 0015): the predicate lets it be inferred.
            .onConflict((oc) => oc.column('idempotency_key').where('idempotency_key', 'is not', null).doNothing())
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
      const id = timeOrderedId();
      const created = now();
      const expiresAt = new Date(created.getTime() + input.ttlSeconds * 1000).toISOString();
      const fields = { apiKeyId: input.apiKeyId ?? null, endpoint: input.endpoint, requestId: input.requestId ?? null, at: created.toISOString() };
      const { balance } = await debit({ op: 'hold', userId, holdId: id, amount, expiresAt, ...fields });
      return { id, userId, amount, balance };
    },

    async charge(userId, amount, input) {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('charge must be a whole number ≥ 0');
      const fields = { apiKeyId: input.apiKeyId ?? null, endpoint: input.endpoint, requestId: input.requestId ?? null, at: iso() };
      const { charged, balance } = await debit({ op: 'charge', userId, holdId: timeOrderedId(), amount, ...fields });
      return { charged, balance };
    },

    settle: (holdId, actual) => closeHold(holdId, actual, 'settle'),
    release: (holdId) => closeHold(holdId, 0, 'release'),

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
            const ctx = { apiKeyId: hold.api_key_id, endpoint: hold.endpoint, requestId: hold.request_id, holdId: id, note: 'hold expired' };
            await trx
              .insertInto('ledger_entries')
              .values(entry(hold.user_id, hold.amount, 'release', after, iso(), ctx))
              .execute();
          }
          return true;
        });
        if (done) released += 1;
      }
      return released;
    },

    audit: () => auditLedger(db, iso()),
  };
}

function entry(
  userId: number,
  amount: number,
  kind: LedgerKind,
  balanceAfter: number,
  created: string,
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
    created,
  };
}
