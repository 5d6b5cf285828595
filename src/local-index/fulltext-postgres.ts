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

const PARTS: SqlDialectParts = {
  endsWith: (column, suffix) => sql`right(${column}, ${suffix.length}) = ${suffix}`,
  contains: (column, needle) => sql`strpos(${column}, ${needle}) > 0`,
  text: (cond) => sql`d.tsv @@ ${tsText(cond)}::tsquery`,
};

/**
 * A title condition is answered by `head_tsv` and its own GIN index: the title is all there, and a
 * match is checked against that small inline vector, never against the TOASTed `tsv`.
 */
const titleMatch = (cond: TextCond) => sql`d.head_tsv @@ ${tsText(cond)}::tsquery`;

function split(conds: readonly Cond[]): Parts {
  const text: string[] = [];
  const positive: string[] = [];
  const filters: RawBuilder<unknown>[] = [];
  for (const cond of conds) {
    if (!isTextOnly(cond)) {
      filters.push(condSql(cond, PARTS));
    } else if (cond.kind === 'text' && cond.field === 'title') {
      positive.push(tsExpression(cond));
      filters.push(titleMatch(cond));
    } else if (cond.kind === 'not' && cond.cond.kind === 'text' && cond.cond.field === 'title') {
      filters.push(sql`NOT (${titleMatch(cond.cond)})`);
    } else {
      text.push(tsExpression(cond));
      if (cond.kind !== 'not') positive.push(tsExpression(cond));
    }
  }
  return {
    ...(text.length === 0 ? {} : { match: text.join(' & ') }),
    ...(positive.length === 0 ? {} : { rank: positive.join(' & ') }),
    filters,
  };
}

export function createPostgresFullText(options: PostgresSearchOptions = {}): FullText {
  const run = createPostgresSearch(options);
  return {
    async insertDocs(trx, docs) {
      if (docs.length === 0) return;
      const rows = docs.map((doc: DocInsert) => {
        const tsv = tsvectorColumns(doc.folded);
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
