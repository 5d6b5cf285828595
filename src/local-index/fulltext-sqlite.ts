/** The full-text index on SQLite: a contentless FTS5 table (title, body, url, word pairs, stems) keyed by document id. */
import { sql, type RawBuilder } from 'kysely';
import type { DocInsert, FullText } from './fulltext.js';
import { visibleSql } from './sql-conds.js';
import { BM25, createSqliteSearch, type SqliteSearchOptions } from './fulltext-sqlite-search.js';

/** The FTS5 row of a document (also used by the migrations that re-index existing documents). */
export async function insertFtsRow(db: Parameters<RawBuilder<unknown>['execute']>[0], id: number, folded: DocInsert['folded']): Promise<void> {
  await sql`INSERT INTO index_docs_fts (rowid, title, body, url, pairs, stems)
    VALUES (${id}, ${folded.title}, ${folded.body}, ${folded.url}, ${folded.pairs}, ${folded.stems})`.execute(db);
}

export function createSqliteFullText(options: SqliteSearchOptions = {}): FullText {
  const search = createSqliteSearch(options);
  return {
    async insertDocs(trx, docs) {
      for (const doc of docs) {
        const { folded, ...row } = doc;
        const inserted = await trx.insertInto('index_docs').values(row).returning('id').executeTakeFirstOrThrow();
        await insertFtsRow(trx, inserted.id, folded);
      }
    },

    async deleteDocsOfPages(trx, pageIds) {
      if (pageIds.length === 0) return;
      const docs = await trx.selectFrom('index_docs').select('id').where('page_id', 'in', pageIds).execute();
      if (docs.length === 0) return;
      // By rowid, one at a time: a subquery here would make FTS5 scan the whole index.
      for (const { id } of docs) await sql`DELETE FROM index_docs_fts WHERE rowid = ${id}`.execute(trx);
      await trx.deleteFrom('index_docs').where('page_id', 'in', pageIds).execute();
    },

    search,

    async titlesMatching(db, words, lastIsPrefix, limit, account) {
      if (words.length === 0) return [];
      const expression = `title : "${words.join(' ')}"${lastIsPrefix ? ' *' : ''}`;
      const rows = await sql<{ title: string }>`SELECT d.title FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
        WHERE index_docs_fts MATCH ${expression} AND d.vertical = 'web' AND ${visibleSql(account)}
        ORDER BY ${BM25}, d.id LIMIT ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },

    async documentsWith(db, word, cap, account) {
      const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT d.id FROM index_docs_fts JOIN index_docs d ON d.id = index_docs_fts.rowid
        WHERE index_docs_fts MATCH ${`{title body url} : "${word}"`} AND ${visibleSql(account)} LIMIT ${cap})`.execute(db);
      return Number(rows.rows[0]?.n ?? 0);
    },

    async sizeBytes(db) {
      try {
        const rows = await sql<{
          bytes: number | null;
        }>`SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE 'index_%' OR name LIKE 'sqlite_autoindex_index_%'`.execute(db);
        return rows.rows[0]?.bytes ?? 0;
      } catch {
        // Builds without the dbstat table: the whole database file is the closest honest figure.
        const rows = await sql<{ bytes: number }>`SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`.execute(db);
        return rows.rows[0]?.bytes ?? 0;
      }
    },
  };
}
