/**
 * The full-text index on PostgreSQL: a `tsvector` per document built here (not by a text-search
 * configuration, so words are folded and stemmed exactly as on SQLite and in the post-filter),
 * weighted A = title, B = URL, C = word pairs, D = text and stems, with a GIN index; ranked with
 * `ts_rank_cd` over `head_tsv`, a small inline copy of title, URL and lead text (see
 * fulltext-postgres-search.ts for why).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DocInsert, FullText } from './fulltext.js';
import { isTextOnly, type Cond, type TextCond } from './query-plan.js';
import { PAIR_SEPARATOR, pairTokens } from './text.js';
import { createPostgresSearch, WEIGHTS, type Parts, type PostgresSearchOptions } from './fulltext-postgres-search.js';
import { condSql, visibleSql, type SqlDialectParts } from './sql-conds.js';
import { pageStems } from './stemming.js';
import { factQuery, factsTsvector, titleQuery } from './fact-tokens.js';

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

/** Words of the text in the small vector ranking reads (see fulltext-postgres-search.ts). */
const HEAD_WORDS = 48;

/**
 * The small vector ranking reads: title (A), URL (B), the title's and lead's word pairs (C, what a
 * phrase ranks by), lead text and its stems (D). Kept inline: a kilobyte or two.
 */
export function headTsvector(folded: Omit<DocInsert['folded'], 'stems'>, lang: string | null): string {
  const words = (text: string) => text.split(' ').filter(Boolean);
  const title = words(folded.title);
  const lead = words(folded.body).slice(0, HEAD_WORDS);
  return tsvectorLiteral([
    { words: title, weight: 'A' },
    { words: words(folded.url), weight: 'B' },
    { words: [...pairTokens(title), PAIR_SEPARATOR, ...pairTokens(lead)], weight: 'C' },
    { words: lead, weight: 'D' },
    { words: words(pageStems([...title, ...lead], lang)), weight: 'D' },
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

/**
 * A title condition is checked on `head_tsv`, where the whole title is, never on the TOASTed `tsv`;
 * it is `tsv`'s title lexemes (fact-tokens.ts) that find the candidates.
 */
const titleMatch = (cond: TextCond) => sql`d.head_tsv @@ ${tsText(cond)}::tsquery`;

const PARTS: SqlDialectParts = {
  endsWith: (column, suffix) => sql`right(${column}, ${suffix.length}) = ${suffix}`,
  contains: (column, needle) => sql`strpos(${column}, ${needle}) > 0`,
  text: (cond) => (cond.field === 'title' ? titleMatch(cond) : sql`d.tsv @@ ${tsText(cond)}::tsquery`),
};

interface TsCond {
  readonly query: string;
  /** False when the query finds a superset, which the SQL condition must narrow. */
  readonly exact: boolean;
}

/** A condition as a tsquery over `tsv` (words and fact lexemes), when it can be one. */
function tsCond(cond: Cond): TsCond | undefined {
  switch (cond.kind) {
    case 'text':
      return cond.field === 'title' ? titleQuery(cond) : { query: tsText(cond), exact: true };
    case 'not': {
      const inner = tsCond(cond.cond);
      return inner?.exact ? { query: `!${inner.query}`, exact: true } : undefined;
    }
    case 'or': {
      const options = cond.options.map(tsCond);
      if (options.some((option) => option === undefined)) return undefined;
      const found = options.filter((option): option is TsCond => option !== undefined);
      return { query: `(${found.map((option) => option.query).join(' | ')})`, exact: found.every((option) => option.exact) };
    }
    default:
      return factQuery(cond);
  }
}

/**
 * Every condition the index can answer goes into one tsquery over `tsv` (one exact GIN scan);
 * the rest, and the exact check of a superset, are SQL filters; positive words rank.
 */
function split(conds: readonly Cond[]): Parts {
  const match: string[] = [];
  const rank: string[] = [];
  const filters: RawBuilder<unknown>[] = [];
  for (const cond of conds) {
    const ts = tsCond(cond);
    if (ts !== undefined) match.push(ts.query);
    if (ts === undefined || !ts.exact) filters.push(condSql(cond, PARTS));
    if (cond.kind !== 'not' && isTextOnly(cond)) rank.push(tsExpression(cond));
  }
  return {
    ...(match.length === 0 ? {} : { match: match.join(' & ') }),
    ...(rank.length === 0 ? {} : { rank: rank.join(' & ') }),
    filters,
  };
}

export function createPostgresFullText(options: PostgresSearchOptions = {}): FullText {
  const run = createPostgresSearch(options);
  return {
    async insertDocs(trx, docs) {
      if (docs.length === 0) return;
      const rows = docs.map((doc: DocInsert) => {
        const tsv = `${tsvectorColumns(doc.folded)} ${factsTsvector({ hostRev: doc.host_rev, path: doc.path, title: doc.folded.title, urlText: doc.url_text })}`;
        const head = headTsvector(doc.folded, doc.lang);
        return sql`(${doc.page_id}, ${doc.vertical}, ${doc.ord}, ${doc.title}, ${doc.link}, ${doc.host}, ${doc.host_rev}, ${doc.path}, ${doc.url_text},
          ${doc.snippet}, ${doc.item}, ${doc.published_at}, ${doc.dated_at}, ${doc.lang}, ${doc.country}, ${doc.owner_id}, ${tsv}::tsvector, ${head}::tsvector)`;
      });
      await sql`INSERT INTO index_docs (page_id, vertical, ord, title, link, host, host_rev, path, url_text, snippet, item, published_at, dated_at, lang, country, owner_id, tsv, head_tsv)
        VALUES ${sql.join(rows)}`.execute(trx);
    },

    async deleteDocsOfPages(trx, pageIds) {
      if (pageIds.length === 0) return;
      await trx.deleteFrom('index_docs').where('page_id', 'in', pageIds).execute();
    },

    search: (db, request) => run(db, request, split(request.plan.conds)),

    async titlesMatching(db, words, lastIsPrefix, limit, account) {
      if (words.length === 0) return [];
      // Matched on `head_tsv`, which holds the whole title: in `tsv`, a prefix would also find the
      // operator lexemes (fact-tokens.ts), which have no positions and so match any weight.
      const query = words.map((word, index) => `'${word}'${index === words.length - 1 && lastIsPrefix ? ':*A' : ':A'}`).join(' <-> ');
      const rows = await sql<{ title: string }>`SELECT d.title FROM index_docs d
        WHERE d.vertical = 'web' AND ${visibleSql(account)} AND d.head_tsv @@ ${query}::tsquery
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
