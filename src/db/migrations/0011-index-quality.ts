import { sql, type Migration } from 'kysely';
import { addToVocabulary, headTsvector, insertFtsRow, tsvectorColumns, vocabularyWords } from './frozen-index-fulltext.js';
import { docColumns } from './frozen-index-text.js';
import { HALF_LIFE_MS, hasOperator } from './frozen-query-log.js';
import { notNull, type AnyDb, type DialectName } from './helpers.js';

/**
 * Answers that rank like a search engine (issue 14):
 * - autocomplete ranks by searches with recency decay: both query logs gain `rank` (see
 *   src/local-index/query-log.ts), computed for existing rows from their count and last search
 *   (their earlier searches are taken as that recent: the log kept no dates for them); queries
 *   with operators leave each account's history, as they are never suggested any more;
 * - stemming: every document gains the stem tokens of its title and text in its page's language
 *   (see src/local-index/stemming.ts), a new column of the FTS5 table (rebuilt) on SQLite, more
 *   lexemes of `tsv` on PostgreSQL. Existing documents are re-indexed from the text kept in the
 *   database;
 * - PostgreSQL p99 at 100,000 pages: `head_tsv`, the small vector ranking reads (see
 *   src/local-index/fulltext-postgres-search.ts), filled during that re-indexing;
 * - autocorrect: the index's vocabulary, `index_terms` (see src/local-index/vocabulary.ts), filled
 *   from the documents during that re-indexing.
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
      if (dialect === 'sqlite') {
        await sql`DROP TABLE index_docs_fts`.execute(db);
        await sql`CREATE VIRTUAL TABLE index_docs_fts USING fts5(title, body, url, pairs, stems, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`.execute(
          db,
        );
      }
      await db.schema
        .createTable('index_terms')
        .addColumn('term', dialect === 'postgres' ? sql`text collate "C"` : 'text', (col) => col.primaryKey())
        .addColumn('len', 'integer', notNull)
        .execute();
      await db.schema.createIndex('index_terms_len').on('index_terms').columns(['len', 'term']).execute();
      if (dialect === 'postgres') await sql`ALTER TABLE index_docs ADD COLUMN head_tsv tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
      await reindexDocuments(db, dialect);
      if (dialect === 'postgres') await sql`CREATE INDEX index_docs_head_tsv ON index_docs USING gin (head_tsv) WITH (fastupdate = off)`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('index_terms').execute();
      if (dialect === 'postgres') await sql`ALTER TABLE index_docs DROP COLUMN head_tsv`.execute(db);
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

/** The full-text entries of every document, rebuilt from the text kept in the database (as 0005 does). */
async function reindexDocuments(db: AnyDb, dialect: DialectName): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await sql<{
      id: number;
      vertical: string;
      title: string;
      url_text: string;
      snippet: string | null;
      lang: string | null;
      description: string | null;
      body: string;
    }>`
      SELECT d.id, d.vertical, d.title, d.url_text, d.snippet, d.lang, p.description, p.body
      FROM index_docs d JOIN index_pages p ON p.id = d.page_id WHERE d.id > ${after} ORDER BY d.id LIMIT 500`.execute(db);
    if (rows.rows.length === 0) return;
    const vocabulary: string[] = [];
    for (const row of rows.rows) {
      const text = row.vertical === 'web' || row.vertical === 'news' ? `${row.description ?? ''}\n${row.body}` : (row.snippet ?? '');
      const columns = docColumns(row.title, text, row.url_text, row.lang);
      vocabulary.push(columns.title, columns.body);
      if (dialect === 'sqlite') await insertFtsRow(db, row.id, columns);
      else
        await sql`UPDATE index_docs SET tsv = ${tsvectorColumns(columns)}::tsvector, head_tsv = ${headTsvector(columns, row.lang)}::tsvector WHERE id = ${row.id}`.execute(
          db,
        );
    }
    await addToVocabulary(db, dialect, vocabularyWords(vocabulary));
    after = rows.rows.at(-1)?.id ?? after;
  }
}
