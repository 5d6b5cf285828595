import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import type { ChargeOp, CloseOp, HoldOp, LedgerOp, LedgerStore, OpResult } from './ledger-ops.js';

interface ClosedHold {
  user_id: number;
  api_key_id: number | null;
  amount: number;
  endpoint: string;
  request_id: string | null;
}

/** Prepared once per database file handle: preparing a statement costs more than running it. */
const statementsByDatabase = new WeakMap<SQLite.Database, ReturnType<typeof prepare>>();

function prepare(sqlite: SQLite.Database) {
  return {
    debit: sqlite
      .prepare<[number, number, number], { credits_balance: number }>(
        'UPDATE users SET credits_balance = credits_balance - ? WHERE id = ? AND credits_balance >= ? RETURNING credits_balance',
      )
      .pluck(),
    refund: sqlite.prepare<[number, number], number>('UPDATE users SET credits_balance = credits_balance + ? WHERE id = ? RETURNING credits_balance').pluck(),
    balance: sqlite.prepare<[number], number>('SELECT credits_balance FROM users WHERE id = ?').pluck(),
    balanceOfHold: sqlite.prepare<[string], number>('SELECT u.credits_balance FROM holds h JOIN users u ON u.id = h.user_id WHERE h.id = ?').pluck(),
    insertHold: sqlite.prepare(
      'INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at, settled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    closeHold: sqlite.prepare<[string, string], ClosedHold>(
      "UPDATE holds SET status = 'settled', settled_at = ? WHERE id = ? AND status = 'open' RETURNING user_id, api_key_id, amount, endpoint, request_id",
    ),
    insertEntry: sqlite.prepare(
      'INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
  };
}

/**
 * The ledger's hot operations on SQLite: cached prepared statements in one synchronous
 * `BEGIN IMMEDIATE … COMMIT` per batch (no query building, no await between statements, so
 * the write lock is held only while the batch runs). Each operation checks its own balance.
 */
export function createSqliteLedgerStore(sqlite: SQLite.Database): LedgerStore {
  let statements: ReturnType<typeof prepare> | undefined;
  const prepared = () => {
    // Prepared on first use: the tables exist only once the migrations ran.
    statements ??= statementsByDatabase.get(sqlite) ?? prepare(sqlite);
    statementsByDatabase.set(sqlite, statements);
    return statements;
  };

  function debit(op: HoldOp | ChargeOp): OpResult {
    const s = prepared();
    const after = s.debit.get(op.amount, op.userId, op.amount) as number | undefined;
    if (after === undefined) {
      const current = s.balance.get(op.userId);
      return { status: current === undefined ? 'unknown' : 'insufficient', balance: current ?? 0, charged: 0 };
    }
    const isHold = op.op === 'hold';
    s.insertHold.run(
      op.holdId,
      op.userId,
      op.apiKeyId,
      op.amount,
      op.endpoint,
      op.requestId,
      isHold ? 'open' : 'settled',
      op.at,
      isHold ? op.expiresAt : op.at,
      isHold ? null : op.at,
    );
    if (!isHold || op.amount > 0) s.insertEntry.run(op.userId, -op.amount, op.op, after, op.apiKeyId, op.endpoint, op.requestId, op.holdId, op.at);
    return { status: 'ok', balance: after, charged: isHold ? 0 : op.amount };
  }

  function close(op: CloseOp): OpResult {
    const s = prepared();
    const hold = s.closeHold.get(op.at, op.holdId);
    // Settled already, or the sweeper released it: the work is not charged twice.
    if (!hold) return { status: 'ok', balance: s.balanceOfHold.get(op.holdId) ?? 0, charged: 0 };
    const charged = op.op === 'settle' ? Math.min(op.actual, hold.amount) : 0;
    const after = s.refund.get(hold.amount - charged, hold.user_id)!;
    const fields = [hold.api_key_id, hold.endpoint, hold.request_id, op.holdId, op.at] as const;
    if (hold.amount > 0) s.insertEntry.run(hold.user_id, hold.amount, 'release', after + charged, ...fields);
    if (op.op === 'settle') s.insertEntry.run(hold.user_id, -charged, 'charge', after, ...fields);
    return { status: 'ok', balance: after, charged };
  }

  const applyAll = (ops: readonly LedgerOp[]) => ops.map((op) => (op.op === 'hold' || op.op === 'charge' ? debit(op) : close(op)));
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
