/**
 * Running a planned query on PostgreSQL so that its cost stays bounded at any index size.
 *
 * Reading a document's `tsv` (kilobytes, TOASTed and compressed) costs tens of microseconds, so
 * neither matching nor ranking may read it for every match of a common word:
 * - matches are found through the GIN index only (bitmap scans: the planner, which does not know
 *   what a TOASTed tsvector costs, would otherwise test `tsv` row by row along another index),
 *   operators included: `site:`, `filetype:`, `intitle:` and `inurl:` are lexemes of `tsv` (see
 *   fact-tokens.ts), so the bitmap holds the matches of the whole query and no more rows are read
 *   than the page needs;
 * - ranking reads `head_tsv`, a small vector of the title, URL and lead text kept inline, and
 *   only for `rankCandidates` matches: a query with more matches than that is ranked among the
 *   first ones the index yields (an approximation, as SQLite's for common words);
 * - sorted by date, a query with few matches sorts them all; one with many walks the date index
 *   from the newest document, where matches are dense, and stops at the page.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FoundDoc, PlannedSearch } from './fulltext.js';
import { andAll, preferenceSql, visibleSql, windowSql } from './sql-conds.js';

export interface PostgresSearchOptions {
  /** Matches ranked at most (the page still comes from these). Default 300. */
  readonly rankCandidates?: number;
  /** Sorted by date, a query with more matches than this walks the date index. Default 2000. */
  readonly denseMatches?: number;
}

/** Weights of D (text), C (word pairs), B (URL), A (title), in ts_rank_cd's order. */
export const WEIGHTS = '{0.1, 0.2, 0.2, 1.0}';

export interface Parts {
  readonly match?: string;
  readonly rank?: string;
  readonly filters: readonly RawBuilder<unknown>[];
}

/**
 * One statement with the plan steered (bitmap scans only, or no bitmap scans) and JIT off
 * (full-text plans look costly, and compile for longer than they run), in one round trip more.
 */
async function steered<T>(db: Kysely<Database>, scans: 'bitmap' | 'index', query: RawBuilder<T>): Promise<T[]> {
  const avoided = scans === 'bitmap' ? 'enable_indexscan' : 'enable_bitmapscan';
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true), set_config(${avoided}, 'off', true)`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}

export function createPostgresSearch(options: PostgresSearchOptions = {}) {
  const rankCandidates = options.rankCandidates ?? 300;
  const denseMatches = options.denseMatches ?? 2000;

  return async function search(db: Kysely<Database>, request: PlannedSearch, { match, rank, filters }: Parts): Promise<FoundDoc[]> {
    const where = andAll([
      sql`d.vertical = ${request.vertical}`,
      visibleSql(request.account),
      ...(match === undefined ? [] : [sql`d.tsv @@ ${match}::tsquery`]),
      ...filters,
      ...windowSql(request.window),
    ]);
    const preference = preferenceSql(request.lang, request.country);
    const { limit, offset } = request;

    if (match === undefined) {
      const order = request.window.sortByDate ? sql`d.dated_at DESC, d.id` : sql`${preference} DESC, d.dated_at DESC, d.id`;
      const rows =
        await sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at FROM index_docs d WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(
          db,
        );
      return rows.rows;
    }

    if (request.window.sortByDate) {
      const few = await steered(
        db,
        'bitmap',
        sql<FoundDoc & { total: number }>`WITH m AS MATERIALIZED (SELECT d.id, d.dated_at FROM index_docs d WHERE ${where} LIMIT ${denseMatches + 1})
          SELECT d.id, d.page_id, d.item, d.published_at, (SELECT count(*) FROM m) AS total FROM m JOIN index_docs d ON d.id = m.id
          ORDER BY m.dated_at DESC, m.id LIMIT ${limit} OFFSET ${offset}`,
      );
      // An empty page past the first may only mean the matches were counted no further than `denseMatches`.
      const first = few[0];
      if (first === undefined ? offset === 0 : Number(first.total) <= denseMatches) return few;
      return steered(
        db,
        'index',
        sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at FROM index_docs d WHERE ${where}
          ORDER BY d.vertical DESC, d.dated_at DESC LIMIT ${limit} OFFSET ${offset}`,
      );
    }

    if (rank === undefined) {
      // Operators or exclusions only: nothing to rank by. With few matches the order is exact over
      // all of them (as without a tsquery); with many, it is judged among the first candidates.
      const few = await steered(
        db,
        'bitmap',
        sql<FoundDoc & { total: number }>`WITH m AS MATERIALIZED (SELECT d.id FROM index_docs d WHERE ${where} LIMIT ${denseMatches + 1})
          SELECT d.id, d.page_id, d.item, d.published_at, (SELECT count(*) FROM m) AS total FROM m JOIN index_docs d ON d.id = m.id
          ORDER BY ${preference} DESC, d.dated_at DESC, d.id LIMIT ${limit} OFFSET ${offset}`,
      );
      const first = few[0];
      if (first === undefined ? offset === 0 : Number(first.total) <= denseMatches) return few;
    }

    const score = rank === undefined ? preference : sql`ts_rank_cd(${WEIGHTS}::float4[], d.head_tsv, ${rank}::tsquery, 1) * ${preference}`;
    const candidates = Math.max(rankCandidates, offset + limit);
    return steered(
      db,
      'bitmap',
      sql<FoundDoc>`WITH candidates AS MATERIALIZED (SELECT d.id FROM index_docs d WHERE ${where} LIMIT ${candidates}),
        top AS MATERIALIZED (SELECT d.id, d.dated_at, ${score} AS score FROM candidates c JOIN index_docs d ON d.id = c.id
          ORDER BY score DESC, d.dated_at DESC, d.id LIMIT ${limit} OFFSET ${offset})
        SELECT d.id, d.page_id, d.item, d.published_at FROM top JOIN index_docs d ON d.id = top.id ORDER BY top.score DESC, top.dated_at DESC, top.id`,
    );
  };
}
