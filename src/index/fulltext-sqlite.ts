/** The full-text index on SQLite: a contentless FTS5 table (title, body, url) keyed by document id. */
import { sql, type RawBuilder } from 'kysely';
import type { FoundDoc, FullText } from './fulltext.js';
import { isTextOnly, type Cond, type TextCond } from './query-plan.js';
import { andAll, condSql, preferenceSql, windowSql, type SqlDialectParts } from './sql-conds.js';

/** bm25 column weights: a word in the title counts ten times a word of the text, the URL twice. */
const BM25 = sql.raw('bm25(index_docs_fts, 10.0, 1.0, 2.0)');

/** An FTS5 phrase restricted to its columns; words are folded (letters and digits only), so quoting is safe. */
function ftsText(cond: TextCond): string {
  const columns = cond.field === 'title' ? 'title' : '{title body url}';
  return `(${columns} : "${cond.words.join(' ')}")`;
}

function ftsExpression(cond: Cond): string {
  switch (cond.kind) {
    case 'text':
      return ftsText(cond);
    case 'or':
      return `(${cond.options.map(ftsExpression).join(' OR ')})`;
    default:
      throw new Error(`not a full-text condition: ${cond.kind}`);
  }
}

const matching = (expression: string) => sql`d.id IN (SELECT rowid FROM index_docs_fts WHERE index_docs_fts MATCH ${expression})`;

const PARTS: SqlDialectParts = {
  endsWith: (column, suffix) => sql`substr(${column}, ${-suffix.length}) = ${suffix}`,
  contains: (column, needle) => sql`instr(${column}, ${needle}) > 0`,
  text: (cond) => matching(ftsText(cond)),
};

interface SplitPlan {
  /** The FTS5 expression of every positive text condition (with the negated ones as NOT), if any. */
  readonly match?: string;
  readonly filters: RawBuilder<unknown>[];
}

function split(conds: readonly Cond[]): SplitPlan {
  const positive: string[] = [];
  const negative: string[] = [];
  const filters: RawBuilder<unknown>[] = [];
  for (const cond of conds) {
    if (cond.kind === 'not' && cond.cond.kind === 'text') negative.push(ftsText(cond.cond));
    else if (cond.kind !== 'not' && isTextOnly(cond)) positive.push(ftsExpression(cond));
    else filters.push(condSql(cond, PARTS));
  }
  if (positive.length === 0) {
    // FTS5's NOT needs a left-hand side; without positive words the exclusions become a filter.
    if (negative.length > 0) filters.push(sql`NOT (${matching(negative.join(' OR '))})`);
    return { filters };
  }
  return { match: `(${positive.join(' AND ')})${negative.map((n) => ` NOT ${n}`).join('')}`, filters };
}

export function createSqliteFullText(): FullText {
  return {
    async insertDocs(trx, docs) {
      for (const doc of docs) {
        const { folded, ...row } = doc;
        const inserted = await trx.insertInto('index_docs').values(row).returning('id').executeTakeFirstOrThrow();
        await sql`INSERT INTO index_docs_fts (rowid, title, body, url) VALUES (${inserted.id}, ${folded.title}, ${folded.body}, ${folded.url})`.execute(trx);
      }
    },

    async deleteDocsOfPages(trx, pageIds) {
      if (pageIds.length === 0) return;
      const ids = sql.join(pageIds.map((id) => sql`${id}`));
      await sql`DELETE FROM index_docs_fts WHERE rowid IN (SELECT id FROM index_docs WHERE page_id IN (${ids}))`.execute(trx);
      await trx.deleteFrom('index_docs').where('page_id', 'in', pageIds).execute();
    },

    async search(db, request) {
      const { match, filters } = split(request.plan.conds);
      const where = andAll([sql`d.vertical = ${request.vertical}`, ...filters, ...windowSql(request.window)]);
      const preference = preferenceSql(request.lang, request.country);
      const byDate = request.window.sortByDate;
      const query =
        match === undefined
          ? sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at FROM index_docs d
              WHERE ${where}
              ORDER BY ${byDate ? sql`d.dated_at DESC, ${preference} DESC` : sql`${preference} DESC, d.dated_at DESC`}, d.id
              LIMIT ${request.limit} OFFSET ${request.offset}`
          : sql<FoundDoc>`SELECT d.id, d.page_id, d.item, d.published_at, (-${BM25}) * ${preference} AS score
              FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
              WHERE index_docs_fts MATCH ${match} AND ${where}
              ORDER BY ${byDate ? sql`d.dated_at DESC, score DESC` : sql`score DESC`}, d.id
              LIMIT ${request.limit} OFFSET ${request.offset}`;
      return (await query.execute(db)).rows;
    },

    async titlesMatching(db, words, lastIsPrefix, limit) {
      if (words.length === 0) return [];
      const expression = `title : "${words.join(' ')}"${lastIsPrefix ? ' *' : ''}`;
      const rows = await sql<{ title: string }>`SELECT d.title FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
        WHERE index_docs_fts MATCH ${expression} AND d.vertical = 'web'
        ORDER BY ${BM25}, d.id LIMIT ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },

    async sizeBytes(db) {
      try {
        const rows = await sql<{ bytes: number | null }>`SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE 'index_%' OR name LIKE 'sqlite_autoindex_index_%'`.execute(db);
        return rows.rows[0]?.bytes ?? 0;
      } catch {
        // Builds without the dbstat table: the whole database file is the closest honest figure.
        const rows = await sql<{ bytes: number }>`SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`.execute(db);
        return rows.rows[0]?.bytes ?? 0;
      }
    },
  };
}
