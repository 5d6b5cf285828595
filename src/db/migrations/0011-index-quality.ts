import { sql, type Migration } from 'kysely';
import { HALF_LIFE_MS } from '../../local-index/query-log.js';
import { hasOperator } from '../../local-index/query-privacy.js';
import type { DialectName } from '../database.js';
import type { AnyDb } from './helpers.js';

/**
 * Answers that rank like a search engine (issue 14):
 * - autocomplete ranks by searches with recency decay: both query logs gain `rank` (see
 *   src/local-index/query-log.ts), computed for existing rows from their count and last search
 *   (their earlier searches are taken as that recent: the log kept no dates for them); queries
 *   with operators leave each account's history, as they are never suggested any more.
 */
export function indexQuality(dialect: DialectName): Migration {
  const double = dialect === 'postgres' ? sql`double precision` : sql`real`;
  // Milliseconds since the epoch of an ISO 8601 text column.
  const epochMs = (column: string) =>
    dialect === 'postgres'
      ? sql`(extract(epoch from ${sql.ref(column)}::timestamptz) * 1000)`
      : sql`((julianday(${sql.ref(column)}) - 2440587.5) * 86400000.0)`;
  const tauMs = HALF_LIFE_MS / Math.LN2;
  return {
    async up(db: AnyDb) {
      for (const table of ['search_query_log', 'search_query_history']) {
        await db.schema
          .alterTable(table)
          .addColumn('rank', double, (col) => col.notNull().defaultTo(0))
          .execute();
        await sql`UPDATE ${sql.table(table)} SET rank = ${epochMs('last_searched')} / ${tauMs} + ln(searches)`.execute(db);
      }
      await dropOperatorQueries(db);
    },
    async down(db: AnyDb) {
      for (const table of ['search_query_log', 'search_query_history']) {
        await db.schema.alterTable(table).dropColumn('rank').execute();
      }
    },
  };
}

async function dropOperatorQueries(db: AnyDb): Promise<void> {
  let after: [number, string] = [-1, ''];
  for (;;) {
    const rows = await sql<{ account_id: number; query_key: string; query: string }>`SELECT account_id, query_key, query FROM search_query_history
      WHERE account_id > ${after[0]} OR (account_id = ${after[0]} AND query_key > ${after[1]}) ORDER BY account_id, query_key LIMIT 500`.execute(db);
    const last = rows.rows.at(-1);
    if (last === undefined) return;
    for (const row of rows.rows.filter((row) => hasOperator(row.query))) {
      await sql`DELETE FROM search_query_history WHERE account_id = ${row.account_id} AND query_key = ${row.query_key}`.execute(db);
    }
    after = [Number(last.account_id), last.query_key];
  }
}
