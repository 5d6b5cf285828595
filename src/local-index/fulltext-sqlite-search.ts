/**
 * Running a planned query on SQLite's FTS5 index so that its cost stays bounded at scale.
 *
 * `bm25()` reads the whole posting list of every word it ranks by (to weigh it), so a word found in
 * most documents ("the", or a site-wide term) would make every query holding it slow. Such common
 * words (and phrases) still filter exactly but do not rank: a word is common when more than
 * `commonWordDocs` documents hold it (a bounded probe tells). Then:
 * - no common words: one query, ranked by bm25 over everything (exact);
 * - some common words: ranked by bm25 over the selective words only, among the documents matching
 *   the whole query (exact: the same documents; the order ignores words that barely weigh);
 * - only common words: relevance is judged among the `commonCandidates` most recently indexed
 *   matches, by title matches and the country/language preference (an approximation: with more
 *   matches than that, older documents are not reached).
 * Ranked by bm25, the documents' rows are read only until no later match can reach the page
 * (`bestFirst`): bm25 alone is cheap, a row read for each of thousands of matches is not.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FoundDoc, PlannedSearch } from './fulltext.js';
import { isTextOnly, type Cond, type TextCond } from './query-plan.js';
import { andAll, condSql, MAX_PREFERENCE, preferenceSql, visibleSql, windowSql, type SqlDialectParts } from './sql-conds.js';
import { pairTokens } from './text.js';

export interface SqliteSearchOptions {
  /** A word (or phrase) held by more documents than this filters but does not rank. Default 3000. */
  readonly commonWordDocs?: number;
  /** With only common words, relevance is judged among this many newest matches. Default 2000. */
  readonly commonCandidates?: number;
  /** Ranked matches whose document rows are read first (then twice as many each time, see `bestFirst`). Default 200. */
  readonly rowsPerRead?: number;
}

/** bm25 column weights: a word in the title counts ten times a word of the text (or a stem), the URL and a word pair twice. */
export const BM25 = sql.raw('bm25(index_docs_fts, 10.0, 1.0, 2.0, 2.0, 1.0)');

/**
 * An FTS5 phrase restricted to its columns; words are folded (letters and digits only), so quoting
 * is safe. A phrase anywhere is looked up as the phrase of its word pairs (see `wordPairs`): the
 * same documents, found through rare tokens.
 */
export function ftsText(cond: TextCond, field: TextCond['field'] = cond.field): string {
  if (field === 'title') return `(title : "${cond.words.join(' ')}")`;
  if (cond.words.length > 1) return `(pairs : "${pairTokens(cond.words).join(' ')}")`;
  if (cond.stems !== undefined && cond.stems.length > 0)
    return `({title body url stems} : (${[cond.words.join(''), ...cond.stems].map((token) => `"${token}"`).join(' OR ')}))`;
  return `({title body url} : "${cond.words.join(' ')}")`;
}

function ftsExpression(cond: Cond): string {
  if (cond.kind === 'text') return ftsText(cond);
  if (cond.kind === 'or') return `(${cond.options.map(ftsExpression).join(' OR ')})`;
  throw new Error(`not a full-text condition: ${cond.kind}`);
}

const matching = (expression: string) => sql`d.id IN (SELECT rowid FROM index_docs_fts WHERE index_docs_fts MATCH ${expression})`;

const PARTS: SqlDialectParts = {
  endsWith: (column, suffix) => sql`substr(${column}, ${-suffix.length}) = ${suffix}`,
  contains: (column, needle) => sql`instr(${column}, ${needle}) > 0`,
  text: (cond) => matching(ftsText(cond)),
};

interface Split {
  readonly positive: Cond[];
  readonly negative: TextCond[];
  readonly filters: RawBuilder<unknown>[];
}

function split(conds: readonly Cond[]): Split {
  const positive: Cond[] = [];
  const negative: TextCond[] = [];
  const filters: RawBuilder<unknown>[] = [];
  for (const cond of conds) {
    if (cond.kind === 'not' && cond.cond.kind === 'text') negative.push(cond.cond);
    else if (cond.kind !== 'not' && isTextOnly(cond)) positive.push(cond);
    else filters.push(condSql(cond, PARTS));
  }
  // FTS5's NOT needs a left-hand side; without positive words the exclusions become a filter.
  if (positive.length === 0 && negative.length > 0) filters.push(sql`NOT (${matching(negative.map((n) => ftsText(n)).join(' OR '))})`);
  return { positive, negative: positive.length === 0 ? [] : negative, filters };
}

function matchExpression(positive: readonly Cond[], negative: readonly TextCond[]): string {
  return `(${positive.map(ftsExpression).join(' AND ')})${negative.map((n) => ` NOT ${ftsText(n)}`).join('')}`;
}

const idList = (ids: readonly number[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;

export function createSqliteSearch(options: SqliteSearchOptions = {}) {
  // Measured on 100,000 pages: ranking 3,000 matches with bm25 and the join takes about 6 ms,
  // judging the 2,000 newest matches of common words about 5 ms.
  const commonWordDocs = options.commonWordDocs ?? 3000;
  const commonCandidates = options.commonCandidates ?? 2000;
  const rowsPerRead = options.rowsPerRead ?? 200;

  /** Whether more than `commonWordDocs` documents match the expression (the probe reads at most that many). */
  async function isFrequent(db: Kysely<Database>, expression: string, cache: Map<string, boolean>): Promise<boolean> {
    const known = cache.get(expression);
    if (known !== undefined) return known;
    const probe = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM (SELECT rowid FROM index_docs_fts WHERE index_docs_fts MATCH ${expression} LIMIT ${commonWordDocs + 1})`.execute(db);
    const frequent = (probe.rows[0]?.n ?? 0) > commonWordDocs;
    cache.set(expression, frequent);
    return frequent;
  }

  /** A condition is common when it matches too many documents to rank by (an OR: when any option does). */
  async function isCommon(db: Kysely<Database>, cond: Cond, cache: Map<string, boolean>): Promise<boolean> {
    if (cond.kind === 'or') {
      for (const option of cond.options) if (await isCommon(db, option, cache)) return true;
      return false;
    }
    return cond.kind === 'text' && (await isFrequent(db, ftsText(cond), cache));
  }

  async function itemsOf(db: Kysely<Database>, ids: readonly number[]): Promise<FoundDoc[]> {
    if (ids.length === 0) return [];
    const rows = await sql<FoundDoc>`SELECT id, page_id, item, published_at FROM index_docs WHERE id IN ${idList(ids)}`.execute(db);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is FoundDoc => row !== undefined);
  }

  /**
   * The page of documents matching `expression` (and in `allowed`, when given) that satisfy
   * `where`, by bm25 × preference, best first; ties by id. bm25 is read for every match, but the
   * documents' rows only in bm25 order and until no later match can reach the page, as a preference multiplies by at most
   * `MAX_PREFERENCE`: the page that ranking every match would give, for a fraction of the reads.
   */
  async function bestFirst(
    db: Kysely<Database>,
    expression: string,
    where: RawBuilder<unknown>,
    preference: RawBuilder<unknown>,
    page: { readonly limit: number; readonly offset: number },
    allowed?: ReadonlySet<number>,
  ): Promise<number[]> {
    const scored = await sql<{ id: number; relevance: number }>`SELECT rowid AS id, -${BM25} AS relevance
      FROM index_docs_fts WHERE index_docs_fts MATCH ${expression} ORDER BY relevance DESC, rowid`.execute(db);
    const matches = allowed === undefined ? scored.rows : scored.rows.filter((row) => allowed.has(row.id));
    const wanted = page.offset + page.limit;
    const found: { id: number; score: number }[] = [];
    const reachable = (score: number) => found.length < wanted || score >= (found[wanted - 1]?.score ?? 0);
    // Batches double, so that a selective filter (`filetype:pdf`) costs a few reads, not dozens.
    for (let at = 0, size = rowsPerRead; at < matches.length; at += size, size *= 2) {
      const batch = matches.slice(at, at + size);
      const relevance = new Map(batch.map((row) => [row.id, row.relevance]));
      const rows = await sql<{ id: number; preference: number }>`SELECT d.id, ${preference} AS preference FROM index_docs d
        WHERE d.id IN ${idList(batch.map((row) => row.id))} AND ${where}`.execute(db);
      const candidates = rows.rows.map((row) => ({ id: row.id, score: (relevance.get(row.id) ?? 0) * row.preference })).filter((row) => reachable(row.score));
      found.push(...candidates);
      found.sort((a, b) => b.score - a.score || a.id - b.id);
      found.length = Math.min(found.length, wanted);
      const next = matches[at + size];
      const last = found[wanted - 1];
      if (next === undefined || (last !== undefined && Math.max(next.relevance * MAX_PREFERENCE, next.relevance) < last.score)) break;
    }
    return found.slice(page.offset).map((row) => row.id);
  }

  return async function search(db: Kysely<Database>, request: PlannedSearch): Promise<FoundDoc[]> {
    const { positive, negative, filters } = split(request.plan.conds);
    const where = andAll([sql`d.vertical = ${request.vertical}`, visibleSql(request.account), ...filters, ...windowSql(request.window)]);
    const preference = preferenceSql(request.lang, request.country);
    const byDate = request.window.sortByDate;
    const page = { limit: request.limit, offset: request.offset };

    if (positive.length === 0) {
      const rows = await sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at FROM index_docs d WHERE ${where}
        ORDER BY ${byDate ? sql`d.dated_at DESC` : sql`${preference} DESC, d.dated_at DESC`}, d.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return rows.rows;
    }

    const cache = new Map<string, boolean>();
    const ranking: Cond[] = [];
    for (const cond of positive) if (!(await isCommon(db, cond, cache))) ranking.push(cond);
    const full = matchExpression(positive, negative);

    if (ranking.length === positive.length) {
      if (!byDate) return itemsOf(db, await bestFirst(db, full, where, preference, page));
      // Ids only: the covering index answers the join; items are read for the page alone.
      const rows = await sql<{ id: number }>`SELECT d.id FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
        WHERE index_docs_fts MATCH ${full} AND ${where} ORDER BY d.dated_at DESC, d.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return itemsOf(
        db,
        rows.rows.map((row) => row.id),
      );
    }

    if (ranking.length > 0) {
      // The documents matching everything (the selective words drive the intersection) …
      const matched = await sql<{ id: number }>`SELECT rowid AS id FROM index_docs_fts WHERE index_docs_fts MATCH ${full}`.execute(db);
      const allowed = new Set(matched.rows.map((row) => row.id));
      // … ranked by bm25 over the selective words only.
      if (!byDate) return itemsOf(db, await bestFirst(db, matchExpression(ranking, []), where, preference, page, allowed));
      const ranked = await sql<{ id: number }>`SELECT d.id FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
        WHERE index_docs_fts MATCH ${matchExpression(ranking, [])} AND ${where} ORDER BY d.dated_at DESC, d.id`.execute(db);
      const ids = ranked.rows.map((row) => row.id).filter((id) => allowed.has(id));
      return itemsOf(db, ids.slice(page.offset, page.offset + page.limit));
    }

    // Only common words: judge relevance among the newest matches, by the query's words in the title
    // (as words: a title phrase of common words is slow to find) and preference. The title lookup
    // reads only the rowid range of the candidates.
    const titleWords = [...new Set(positive.flatMap((cond) => (cond.kind === 'text' ? cond.words : [])))];
    const titled =
      titleWords.length === 0
        ? sql`SELECT 0 AS id WHERE 0`
        : sql`SELECT rowid AS id FROM index_docs_fts WHERE index_docs_fts MATCH ${titleWords.map((word) => `(title : "${word}")`).join(' AND ')}
            AND rowid >= (SELECT min(id) FROM candidates)`;
    const rows = await sql<{ id: number }>`WITH candidates AS MATERIALIZED (
        SELECT rowid AS id FROM index_docs_fts WHERE index_docs_fts MATCH ${full} ORDER BY rowid DESC LIMIT ${commonCandidates}),
      titled AS MATERIALIZED (${titled})
      SELECT d.id, ${preference} * (CASE WHEN d.id IN titled THEN 2.0 ELSE 1.0 END) AS score
      FROM candidates c JOIN index_docs d ON d.id = c.id
      WHERE ${where}
      ORDER BY ${byDate ? sql`d.dated_at DESC` : sql`score DESC, d.dated_at DESC`}, d.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return itemsOf(
      db,
      rows.rows.map((row) => row.id),
    );
  };
}
