import type pg from 'pg';
import { LEDGER_FUNCTION_NAME } from './ledger-function.sql.js';
import type { LedgerOp, LedgerStore, OpResult } from './ledger-ops.js';

// A named statement is parsed and planned once per pooled connection, then only executed.
const APPLY = { name: LEDGER_FUNCTION_NAME, text: `SELECT ${LEDGER_FUNCTION_NAME}($1::jsonb) AS results` };

/**
 * The ledger's hot operations on PostgreSQL: a whole batch is one call of the SQL function
 * `quarry_ledger_apply`, whose text is ledger-function.sql.ts (installed by migration 0018): one
 * round trip, one transaction, and the balance row locked only while the function runs, not
 * across network round trips.
 */
export function createPostgresLedgerStore(pool: pg.Pool): LedgerStore {
  return {
    async apply(ops: readonly LedgerOp[]) {
      const { rows } = await pool.query<{ results: (OpResult & { i: number })[] }>({ ...APPLY, values: [JSON.stringify(ops)] });
      const ordered: OpResult[] = new Array<OpResult>(ops.length);
      for (const { i, status, balance, charged } of rows[0]!.results) ordered[i] = { status, balance: Number(balance), charged: Number(charged) };
      return ordered;
    },
  };
}
