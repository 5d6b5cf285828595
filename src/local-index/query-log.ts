/**
 * The autocomplete log: how often each query was searched, with recency decay, per account
 * (`search_query_history`) and shared (`search_query_log`, shareable queries only).
 *
 * A query's weight is the number of its searches, each one halving every `HALF_LIFE_MS`. Rows keep
 * it time-shifted and in log space, `rank = ln(weight at t) + t / TAU`, so that a later moment
 * multiplies every weight by the same factor: ordering by `rank` is ordering by weight *now*,
 * without rewriting rows as time passes, and one search is one atomic upsert
 * (`rank = logaddexp(rank, now / TAU)`, which adds 1 to the weight at `now`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { hasOperator, isShareableQuery } from './query-privacy.js';
import { clip, collapseWhitespace, foldText } from './text.js';

/** A search counts half as much after a month: steady interest beats a burst long ago. */
export const HALF_LIFE_MS = 30 * 24 * 3600 * 1000;
/** The decay's time constant (weight ∝ e^(-t/TAU)). */
const TAU_MS = HALF_LIFE_MS / Math.LN2;

/** Longest query the log keeps (longer ones are not suggestions anyone types). */
const MAX_LOGGED_QUERY = 200;

/** The rank of one search at `at` (weight 1). */
export function searchRank(at: Date): number {
  return at.getTime() / TAU_MS;
}

/** ln(e^a + e^b) without overflow: the rank of the summed weights. */
function logAddExp(dialect: DialectName, a: RawBuilder<unknown>, b: number): RawBuilder<number> {
  const max = dialect === 'postgres' ? sql`GREATEST(${a}, ${b})` : sql`MAX(${a}, ${b})`;
  return sql<number>`(${max} + ln(1 + exp(-abs(${a} - CAST(${b} AS double precision)))))`;
}

export interface QueryLogStore {
  /** Counts one search of `query` by `account`. Blank queries and queries with operators are not kept. */
  record(query: string, at: Date, account: number): Promise<void>;
  /** Logged queries under `key` (folded words; a trailing space ends the last word): the account's own, then shared ones, by weight now. */
  underPrefix(key: string, limit: number, account: number): Promise<string[]>;
}

export function createQueryLogStore(db: Kysely<Database>, dialect: DialectName, minAccounts: number): QueryLogStore {
  const underPrefix = (table: 'search_query_history' | 'search_query_log', key: string, limit: number) =>
    db
      .selectFrom(table)
      .select('query')
      .where('query_key', '>=', key)
      .where('query_key', '<', `${key}\u{10FFFF}`)
      .orderBy('rank', 'desc')
      .orderBy('query_key')
      .limit(limit);

  return {
    async record(query, at, account) {
      const text = clip(collapseWhitespace(query), MAX_LOGGED_QUERY);
      const key = foldText(text);
      // Operators are how a query is narrowed, not what anyone types as a suggestion.
      if (key === '' || hasOperator(text)) return;
      const when = at.toISOString();
      const rank = searchRank(at);
      // One statement per table: concurrent searches of the same query by the same account count
      // the account once (only the insert that created the history row sees searches = 1).
      const own = await db
        .insertInto('search_query_history')
        .values({ account_id: account, query_key: key, query: text, searches: 1, last_searched: when, rank })
        .onConflict((conflict) =>
          conflict.columns(['account_id', 'query_key']).doUpdateSet({
            searches: sql`search_query_history.searches + 1`,
            last_searched: when,
            query: text,
            rank: logAddExp(dialect, sql.ref('search_query_history.rank'), rank),
          }),
        )
        .returning('searches')
        .executeTakeFirstOrThrow();
      if (!isShareableQuery(text)) return;
      const newAccount = Number(own.searches) === 1 ? 1 : 0;
      await db
        .insertInto('search_query_log')
        .values({ query_key: key, query: text, searches: 1, last_searched: when, accounts: newAccount, rank })
        .onConflict((conflict) =>
          conflict.column('query_key').doUpdateSet({
            searches: sql`search_query_log.searches + 1`,
            last_searched: when,
            accounts: sql`search_query_log.accounts + ${newAccount}`,
            rank: logAddExp(dialect, sql.ref('search_query_log.rank'), rank),
          }),
        )
        .execute();
    },

    async underPrefix(key, limit, account) {
      const own = await underPrefix('search_query_history', key, limit).where('account_id', '=', account).execute();
      const shared = await underPrefix('search_query_log', key, limit).where('accounts', '>=', minAccounts).execute();
      return [...own, ...shared].map((row) => row.query);
    },
  };
}
