/**
 * The full-text index on PostgreSQL: a `tsvector` per document built here (not by a text-search
 * configuration, so words are folded exactly as on SQLite and in the post-filter), weighted
 * A = title, B = URL, D = text, with a GIN index; ranked with `ts_rank_cd`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DocInsert, FoundDoc, FullText } from './fulltext.js';
import { isTextOnly, type Cond, type TextCond } from './query-plan.js';
import { pairTokens } from './text.js';
import { andAll, condSql, preferenceSql, visibleSql, windowSql, type SqlDialectParts } from './sql-conds.js';

/** Weights of D (text), C (word pairs), B (URL), A (title), in ts_rank_cd's order. */
const WEIGHTS = '{0.1, 0.2, 0.2, 1.0}';
/** PostgreSQL keeps word positions up to this value; later ones collapse onto it. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
/** Positions left empty between columns, so that no phrase can run from one column into the next. */
const COLUMN_GAP = 10;
const MAX_WORD_LENGTH = 500;

/** A tsvector literal: `'word':1A,5A 'other':9` (words are folded: letters and digits, no quotes). */
export function tsvectorLiteral(columns: readonly { readonly words: readonly string[]; readonly weight: 'A' | 'B' | 'C' | 'D' }[]): string {
  const positions = new Map<string, string[]>();
  let position = 1;
  for (const { words, weight } of columns) {
    const suffix = weight === 'D' ? '' : weight;
    for (const word of words) {
      if (word.length <= MAX_WORD_LENGTH) {
        let list = positions.get(word);
        if (list === undefined) positions.set(word, (list = []));
        if (list.length < MAX_POSITIONS_PER_WORD && position <= MAX_POSITION) list.push(`${position}${suffix}`);
      }
      position++;
    }
    position += COLUMN_GAP;
  }
  return [...positions].map(([word, list]) => (list.length === 0 ? `'${word}'` : `'${word}':${list.join(',')}`)).join(' ');
}

/** The tsvector of a document: title (A), URL (B), word pairs (C), text and stems (D). */
export function tsvectorColumns(folded: Omit<DocInsert['folded'], 'stems'> & { readonly stems?: string }): string {
  const words = (text: string) => text.split(' ').filter(Boolean);
  return tsvectorLiteral([
    { words: words(folded.title), weight: 'A' },
    { words: words(folded.url), weight: 'B' },
    { words: words(folded.body), weight: 'D' },
    { words: words(folded.pairs), weight: 'C' },
    { words: words(folded.stems ?? ''), weight: 'D' },
  ]);
}

/**
 * A phrase anywhere is a phrase of its word pairs (rare lexemes: the index finds few candidates);
 * a title phrase is its words, weighted A.
 */
function tsText(cond: TextCond): string {
  if (cond.field === 'any' && cond.words.length > 1)
    return `(${pairTokens(cond.words)
      .map((pair) => `'${pair}'`)
      .join(' <-> ')})`;
  if (cond.stems !== undefined && cond.stems.length > 0) return `(${[cond.words.join(''), ...cond.stems].map((token) => `'${token}'`).join(' | ')})`;
  const weight = cond.field === 'title' ? ':A' : '';
  return `(${cond.words.map((word) => `'${word}'${weight}`).join(' <-> ')})`;
}

function tsExpression(cond: Cond): string {
  switch (cond.kind) {
    case 'text':
      return tsText(cond);
    case 'or':
      return `(${cond.options.map(tsExpression).join(' | ')})`;
    case 'not':
      return `!${tsExpression(cond.cond)}`;
    default:
      throw new Error(`not a full-text condition: ${cond.kind}`);
  }
}

const PARTS: SqlDialectParts = {
  endsWith: (column, suffix) => sql`right(${column}, ${suffix.length}) = ${suffix}`,
  contains: (column, needle) => sql`strpos(${column}, ${needle}) > 0`,
  text: (cond) => sql`d.tsv @@ ${tsText(cond)}::tsquery`,
};

function split(conds: readonly Cond[]): { match?: string; rank?: string; filters: RawBuilder<unknown>[] } {
  const text: string[] = [];
  const positive: string[] = [];
  const filters: RawBuilder<unknown>[] = [];
  for (const cond of conds) {
    if (!isTextOnly(cond)) {
      filters.push(condSql(cond, PARTS));
      continue;
    }
    text.push(tsExpression(cond));
    if (cond.kind !== 'not') positive.push(tsExpression(cond));
  }
  return {
    ...(text.length === 0 ? {} : { match: text.join(' & ') }),
    ...(positive.length === 0 ? {} : { rank: positive.join(' & ') }),
    filters,
  };
}

export function createPostgresFullText(): FullText {
  return {
    async insertDocs(trx, docs) {
      if (docs.length === 0) return;
      const rows = docs.map((doc: DocInsert) => {
        const tsv = tsvectorColumns(doc.folded);
        return sql`(${doc.page_id}, ${doc.vertical}, ${doc.ord}, ${doc.title}, ${doc.link}, ${doc.host}, ${doc.host_rev}, ${doc.path}, ${doc.url_text},
          ${doc.snippet}, ${doc.item}, ${doc.published_at}, ${doc.dated_at}, ${doc.lang}, ${doc.country}, ${doc.owner_id}, ${tsv}::tsvector)`;
      });
      await sql`INSERT INTO index_docs (page_id, vertical, ord, title, link, host, host_rev, path, url_text, snippet, item, published_at, dated_at, lang, country, owner_id, tsv)
        VALUES ${sql.join(rows)}`.execute(trx);
    },

    async deleteDocsOfPages(trx, pageIds) {
      if (pageIds.length === 0) return;
      await trx.deleteFrom('index_docs').where('page_id', 'in', pageIds).execute();
    },

    async search(db, request) {
      const { match, rank, filters } = split(request.plan.conds);
      const where = andAll([
        sql`d.vertical = ${request.vertical}`,
        visibleSql(request.account),
        ...(match === undefined ? [] : [sql`d.tsv @@ ${match}::tsquery`]),
        ...filters,
        ...windowSql(request.window),
      ]);
      const preference = preferenceSql(request.lang, request.country);
      const relevance = rank === undefined ? preference : sql`ts_rank_cd(${WEIGHTS}::float4[], d.tsv, ${rank}::tsquery, 1) * ${preference}`;
      const order = (table: string) => {
        const column = (name: string) => sql.ref(`${table}.${name}`);
        return request.window.sortByDate
          ? sql`${column('dated_at')} DESC, ${column('id')}`
          : sql`${column('score')} DESC, ${column('dated_at')} DESC, ${column('id')}`;
      };
      // With words, the matches are found through the GIN index first (MATERIALIZED), then sorted:
      // left to itself the planner may walk the date index and test every document on the way.
      const query =
        match === undefined
          ? sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at, d.dated_at, ${relevance} AS score
              FROM index_docs d WHERE ${where} ORDER BY ${request.window.sortByDate ? sql`d.dated_at DESC, d.id` : sql`score DESC, d.dated_at DESC, d.id`}
              LIMIT ${request.limit} OFFSET ${request.offset}`
          : sql<FoundDoc>`WITH matches AS MATERIALIZED (SELECT d.id, d.dated_at, ${relevance} AS score FROM index_docs d WHERE ${where}),
              top AS (SELECT m.id, m.dated_at, m.score FROM matches m ORDER BY ${order('m')} LIMIT ${request.limit} OFFSET ${request.offset})
              SELECT d.id, d.page_id, d.item, d.published_at FROM top JOIN index_docs d ON d.id = top.id ORDER BY ${order('top')}`;
      // Full-text plans look expensive to the planner, which then spends longer compiling them (JIT)
      // than running them; off for this query only.
      const rows = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL jit = off`.execute(trx);
        return query.execute(trx);
      });
      return rows.rows;
    },

    async titlesMatching(db, words, lastIsPrefix, limit, account) {
      if (words.length === 0) return [];
      const query = words.map((word, index) => `'${word}'${index === words.length - 1 && lastIsPrefix ? ':*A' : ':A'}`).join(' <-> ');
      const rows = await sql<{ title: string }>`SELECT d.title FROM index_docs d
        WHERE d.vertical = 'web' AND ${visibleSql(account)} AND d.tsv @@ ${query}::tsquery
        ORDER BY ts_rank_cd(${WEIGHTS}::float4[], d.tsv, ${query}::tsquery, 1) DESC, d.id LIMIT ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },

    async documentsWith(db, word, cap, account) {
      const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM index_docs d
        WHERE d.tsv @@ ${`'${word}'`}::tsquery AND ${visibleSql(account)} LIMIT ${cap}) s`.execute(db);
      return Number(rows.rows[0]?.n ?? 0);
    },

    async sizeBytes(db: Kysely<Database>) {
      const rows = await sql<{ bytes: number }>`SELECT (pg_total_relation_size('index_pages') + pg_total_relation_size('index_docs')
        + pg_total_relation_size('search_query_log'))::bigint AS bytes`.execute(db);
      return rows.rows[0]?.bytes ?? 0;
    },
  };
}
