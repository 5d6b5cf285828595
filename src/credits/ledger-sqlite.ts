import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import type { HoldsTable } from '../db/schema.js';
import type { CloseOp, LedgerOp, LedgerStore, OpResult } from './ledger-ops.js';

/** The columns of a hold the batch needs when it closes one. */
type ClosedHold = Pick<HoldsTable, 'id' | 'user_id' | 'api_key_id' | 'amount' | 'endpoint' | 'request_id'>;

/** An open `holds` row as the batch insert reads it from JSON: id, user, key, amount, endpoint, request, created, expires. */
type HoldRow = [string, number, number | null, number, string, string | null, string, string];
/** A `ledger_entries` row: user, amount, kind, balance after, key, endpoint, request, hold, created. */
type EntryRow = [number, number, string, number, number | null, string, string | null, string, string];

/** Prepared once per database file handle: preparing a statement costs more than running it. */
const statementsByDatabase = new WeakMap<SQLite.Database, ReturnType<typeof prepare>>();

function prepare(sqlite: SQLite.Database) {
  return {
    balances: sqlite.prepare<[string], { id: number; credits_balance: number }>(
      'SELECT id, credits_balance FROM users WHERE id IN (SELECT value FROM json_each(?))',
    ),
    changeBalance: sqlite
      .prepare<[number, number], number>('UPDATE users SET credits_balance = credits_balance + ? WHERE id = ? RETURNING credits_balance')
      .pluck(),
    closeHolds: sqlite.prepare<[string], ClosedHold>(
      `UPDATE holds SET status = 'settled', settled_at = c.value->>1
       FROM json_each(?) AS c WHERE holds.id = c.value->>0 AND holds.status = 'open'
       RETURNING holds.id, holds.user_id, holds.api_key_id, holds.amount, holds.endpoint, holds.request_id`,
    ),
    accountOfHold: sqlite.prepare<[string], number>('SELECT user_id FROM holds WHERE id = ?').pluck(),
    insertHolds: sqlite.prepare<[string]>(
      `INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at)
       SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, 'open', value->>6, value->>7
       FROM jsonb_each(jsonb(?)) ORDER BY key`,
    ),
    insertEntries: sqlite.prepare<[string]>(
      `INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
       SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8
       FROM jsonb_each(jsonb(?)) ORDER BY key`,
    ),
  };
}

/**
 * The ledger's hot operations on SQLite, applied set-wise: a batch costs a few prepared
 * statements whatever its size — close its holds (one UPDATE), read its accounts' balances
 * (one SELECT), then one balance UPDATE per account and one INSERT each for its hold rows and
 * its entries — instead of three statements per operation. A one-step charge writes one row,
 * its `charge` entry (no hold row; see migration 0015). The operations are worked out in
 * JavaScript in their batch order, each against its account's running balance, so each still
 * checks its own balance (one refused debit writes nothing and fails no other) and every entry
 * carries the balance after it, as if they had run one by one.
 *
 * All of it runs in one synchronous `BEGIN IMMEDIATE … COMMIT`: the write lock is taken before
 * the balances are read, so no other process can change them in between, and nothing awaits
 * while it is held.
 */
export function createSqliteLedgerStore(sqlite: SQLite.Database): LedgerStore {
  let statements: ReturnType<typeof prepare> | undefined;
  const prepared = () => {
    // Prepared on first use: the tables exist only once the migrations ran.
    statements ??= statementsByDatabase.get(sqlite) ?? prepare(sqlite);
    statementsByDatabase.set(sqlite, statements);
    return statements;
  };

  /**
   * Hold rows are inserted after the batch's closes run; a close of a hold made earlier in the
   * same batch (the Ledger never submits one, its callers wait for the hold) starts a new
   * segment, so that it finds the hold as it would one by one.
   */
  function applyAll(ops: readonly LedgerOp[]): OpResult[] {
    const results: OpResult[] = [];
    let made = new Set<string>();
    let from = 0;
    ops.forEach((op, i) => {
      if (op.op === 'hold') made.add(op.holdId);
      else if (op.op !== 'charge' && made.has(op.holdId)) {
        results.push(...applySegment(ops.slice(from, i)));
        from = i;
        made = new Set();
      }
    });
    results.push(...applySegment(from === 0 ? ops : ops.slice(from)));
    return results;
  }

  function applySegment(ops: readonly LedgerOp[]): OpResult[] {
    const s = prepared();
    const closes = ops.filter((op): op is CloseOp => op.op === 'settle' || op.op === 'release');
    const closed = new Map<string, ClosedHold>();
    if (closes.length > 0) for (const hold of s.closeHolds.all(JSON.stringify(closes.map((op) => [op.holdId, op.at])))) closed.set(hold.id, hold);

    const accounts = new Set<number>();
    for (const op of ops) if (op.op === 'hold' || op.op === 'charge') accounts.add(op.userId);
    for (const hold of closed.values()) accounts.add(hold.user_id);
    const balances = new Map<number, number>();
    for (const row of s.balances.all(JSON.stringify([...accounts]))) balances.set(row.id, row.credits_balance);
    const start = new Map(balances);

    const holds: HoldRow[] = [];
    const entries: EntryRow[] = [];
    const results = ops.map((op): OpResult => {
      if (op.op === 'hold' || op.op === 'charge') {
        const balance = balances.get(op.userId);
        if (balance === undefined) return { status: 'unknown', balance: 0, charged: 0 };
        if (balance < op.amount) return { status: 'insufficient', balance, charged: 0 };
        const after = balance - op.amount;
        balances.set(op.userId, after);
        const isHold = op.op === 'hold';
        if (isHold) holds.push([op.holdId, op.userId, op.apiKeyId, op.amount, op.endpoint, op.requestId, op.at, op.expiresAt]);
        if (!isHold || op.amount > 0) entries.push([op.userId, -op.amount, op.op, after, op.apiKeyId, op.endpoint, op.requestId, op.holdId, op.at]);
        return { status: 'ok', balance: after, charged: isHold ? 0 : op.amount };
      }
      const hold = closed.get(op.holdId);
      // Settled already, or the sweeper released it (or an earlier member of this batch closed
      // it): the work is not charged twice.
      if (!hold) return { status: 'ok', balance: balanceOfHold(op.holdId), charged: 0 };
      closed.delete(op.holdId);
      const charged = op.op === 'settle' ? Math.min(op.actual, hold.amount) : 0;
      const after = balances.get(hold.user_id)! + hold.amount - charged;
      balances.set(hold.user_id, after);
      const fields = [hold.api_key_id, hold.endpoint, hold.request_id, op.holdId, op.at] as const;
      if (hold.amount > 0) entries.push([hold.user_id, hold.amount, 'release', after + charged, ...fields]);
      if (op.op === 'settle') entries.push([hold.user_id, -charged, 'charge', after, ...fields]);
      return { status: 'ok', balance: after, charged };
    });

    for (const [userId, balance] of balances) {
      const delta = balance - start.get(userId)!;
      if (delta === 0) continue;
      const written = s.changeBalance.get(delta, userId);
      // The write lock is held since before the read, so this cannot differ; if it ever did,
      // the throw rolls the batch back rather than commit entries that disagree with it.
      if (written !== balance) throw new Error(`balance of account ${userId} moved during a ledger batch`);
    }
    if (holds.length > 0) s.insertHolds.run(JSON.stringify(holds));
    if (entries.length > 0) s.insertEntries.run(JSON.stringify(entries));
    return results;

    function balanceOfHold(holdId: string): number {
      const userId = s.accountOfHold.get(holdId);
      if (userId === undefined) return 0;
      return balances.get(userId) ?? s.balances.get(JSON.stringify([userId]))?.credits_balance ?? 0;
    }
  }

  let transaction: ((ops: readonly LedgerOp[]) => OpResult[]) | undefined;

  return {
    async apply(ops) {
      // Kysely shares this connection and keeps its transactions open across awaits; a batch
      // started inside one would join (and could be rolled back with) someone else's work.
      while (sqlite.inTransaction) await nextTurn();
      transaction ??= sqlite.transaction(applyAll).immediate;
      return transaction(ops);
    },
  };
}
