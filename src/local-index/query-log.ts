/**
 * The autocomplete log: how often each query was searched, with recency decay, per account
 * (`search_query_history`) and shared (`search_query_log`, shareable queries only).
 *
 * A query's weight is the number of its searches, each one halving every `HALF_LIFE_MS`. Rows keep
 * it time-shifted and in log space, `rank = ln(weight at t) + t / TAU`, so that a later moment
 * multiplies every weight by the same factor: ordering by `rank` is ordering by weight *now*,
 * without rewriting rows as time passes, and the searches of a query counted together are one
 * atomic upsert (`rank = logaddexp(rank, r)`, which adds their weights, each 1 at its time).
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

/** How long searches are counted in memory before they are written; a crash forgets at most this much. */
export const QUERY_LOG_FLUSH_MS = 1000;
/** Distinct (account, query) pairs counted in memory at most; one more writes them at once. */
const MAX_PENDING = 10_000;
/**
 * Pairs written per transaction: a transaction holds SQLite's write lock, which the ledger's
 * batches wait for, so a large write goes in short pieces.
 */
const PAIRS_PER_TRANSACTION = 100;

export interface QueryLogStore {
  /**
   * Counts one search of `query` by `account`, in memory: the searches of the last
   * `QUERY_LOG_FLUSH_MS` are written together (see `createQueryLogStore`). Blank queries and
   * queries with operators are not kept.
   */
  record(query: string, at: Date, account: number): void;
  /** Writes the searches counted so far. */
  flush(): Promise<void>;
  /**
   * Logged queries under `key` (folded words; a trailing space ends the last word): the account's
   * own, then shared ones, by weight now. Counts what this instance has not written yet, too.
   */
  underPrefix(key: string, limit: number, account: number): Promise<string[]>;
}

/** The searches of one query by one account since the last write. */
interface Pending {
  readonly account: number;
  readonly key: string;
  /** The latest spelling: the log shows the query as it was typed last. */
  text: string;
  searches: number;
  lastSearched: string;
  /** ln of the summed weights of these searches, in the rows' time-shifted form. */
  rank: number;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** ln(e^a + e^b) without overflow. */
const addRanks = (a: number, b: number) => Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));

/**
 * Searches are counted in memory and written once a second, one upsert per query and account
 * (and per shared query), `PAIRS_PER_TRANSACTION` pairs a transaction: a search answered from
 * the cache then costs no database write at all, where two upserts on every call used to take
 * most of its time. The weights add up exactly as one upsert per search would (ranks are logs of
 * summed weights).
 * What a crash can lose is a second of counts for autocomplete; no answer or charge depends on it.
 * When a write fails (an account deleted meanwhile), its queries are written one by one, and only
 * those that fail again are reported to `onError` and dropped.
 *
 * Every transaction upserts its rows in one order (history rows by account and query, then
 * shared rows by query), so two instances writing the same queries at once wait for each other
 * instead of deadlocking.
 */
export function createQueryLogStore(
  db: Kysely<Database>,
  dialect: DialectName,
  options: { readonly minAccounts: number; readonly onError?: (error: unknown) => void },
): QueryLogStore {
  const underPrefix = (table: 'search_query_history' | 'search_query_log', key: string, limit: number) =>
    db
      .selectFrom(table)
      .select('query')
      .where('query_key', '>=', key)
      .where('query_key', '<', `${key}\u{10FFFF}`)
      .orderBy('rank', 'desc')
      .orderBy('query_key')
      .limit(limit);

  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  // One write at a time, in the order the searches were counted.
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    if (batch.length > 0) writing = writing.then(() => writeAll(batch));
    return writing;
  }

  async function writeAll(batch: readonly Pending[]): Promise<void> {
    const ordered = [...batch].sort((a, b) => a.account - b.account || byKey(a, b));
    for (let start = 0; start < ordered.length; start += PAIRS_PER_TRANSACTION) {
      const piece = ordered.slice(start, start + PAIRS_PER_TRANSACTION);
      try {
        await write(piece);
      } catch (error) {
        if (piece.length === 1) options.onError?.(error);
        else for (const one of piece) await write([one]).catch((failed: unknown) => options.onError?.(failed));
      }
    }
  }

  async function write(batch: readonly Pending[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const shared = new Map<string, Pending & { accounts: number }>();
      for (const p of batch) {
        // One statement per table and query: concurrent writers of the same query by the same
        // account count the account once (only the insert that created the history row sees
        // exactly its own searches).
        const own = await trx
          .insertInto('search_query_history')
          .values({ account_id: p.account, query_key: p.key, query: p.text, searches: p.searches, last_searched: p.lastSearched, rank: p.rank })
          .onConflict((conflict) =>
            conflict.columns(['account_id', 'query_key']).doUpdateSet({
              searches: sql`search_query_history.searches + ${p.searches}`,
              last_searched: p.lastSearched,
              query: p.text,
              rank: logAddExp(dialect, sql.ref('search_query_history.rank'), p.rank),
            }),
          )
          .returning('searches')
          .executeTakeFirstOrThrow();
        if (!isShareableQuery(p.text)) continue;
        const newAccount = Number(own.searches) === p.searches ? 1 : 0;
        const sum = shared.get(p.key);
        if (sum === undefined) shared.set(p.key, { ...p, accounts: newAccount });
        else {
          // Several accounts searched it: the latest spelling and time win.
          if (p.lastSearched >= sum.lastSearched) Object.assign(sum, { text: p.text, lastSearched: p.lastSearched });
          sum.searches += p.searches;
          sum.rank = addRanks(sum.rank, p.rank);
          sum.accounts += newAccount;
        }
      }
      for (const q of [...shared.values()].sort(byKey)) {
        await trx
          .insertInto('search_query_log')
          .values({ query_key: q.key, query: q.text, searches: q.searches, last_searched: q.lastSearched, accounts: q.accounts, rank: q.rank })
          .onConflict((conflict) =>
            conflict.column('query_key').doUpdateSet({
              searches: sql`search_query_log.searches + ${q.searches}`,
              last_searched: q.lastSearched,
              accounts: sql`search_query_log.accounts + ${q.accounts}`,
              rank: logAddExp(dialect, sql.ref('search_query_log.rank'), q.rank),
            }),
          )
          .execute();
      }
    });
  }

  return {
    record(query, at, account) {
      const text = clip(collapseWhitespace(query), MAX_LOGGED_QUERY);
      const key = foldText(text);
      // Operators are how a query is narrowed, not what anyone types as a suggestion.
      if (key === '' || hasOperator(text)) return;
      const when = at.toISOString();
      const rank = searchRank(at);
      const id = `${account} ${key}`;
      const seen = pending.get(id);
      if (seen === undefined) pending.set(id, { account, key, text, searches: 1, lastSearched: when, rank });
      else {
        seen.text = text;
        seen.searches += 1;
        if (when > seen.lastSearched) seen.lastSearched = when;
        seen.rank = addRanks(seen.rank, rank);
      }
      if (pending.size >= MAX_PENDING) void flush();
      else if (timer === undefined) timer = setTimeout(() => void flush(), QUERY_LOG_FLUSH_MS).unref();
    },

    flush,

    async underPrefix(key, limit, account) {
      // What this instance counted shows at once, as if every search had been written.
      await flush();
      const own = await underPrefix('search_query_history', key, limit).where('account_id', '=', account).execute();
      const shared = await underPrefix('search_query_log', key, limit).where('accounts', '>=', options.minAccounts).execute();
      return [...own, ...shared].map((row) => row.query);
    },
  };
}
