import { sql, type Migration } from 'kysely';
import { tsvectorColumns } from './frozen-index-fulltext.js';
import { foldedColumns, foldText } from './frozen-index-text.js';
import type { AnyDb, DialectName } from './helpers.js';

/**
 * Two things that keep the local index fast at 100,000 pages and more:
 * - an index covering what ranking and the common filters read of each full-text match (vertical,
 *   date, language, country, host), so that joining thousands of matches never touches the wide
 *   document rows (an 8,000-match word: 23 → 11 ms);
 * - adjacent word pairs in the full-text index, so that a phrase of common words is looked up by
 *   its (rare) pairs instead of checking the positions of two huge posting lists (70 → a few ms).
 * - on PostgreSQL, the GIN index without its pending list ("fast update"): with it, every search
 *   reads the whole unmerged list, which concurrent indexing lets grow to hundreds of megabytes.
 * Documents already indexed get their pairs from the text kept in the database.
 */
export function searchIndexRanking(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createIndex('index_docs_rank').on('index_docs').columns(['id', 'vertical', 'dated_at', 'lang', 'country', 'host_rev']).execute();
      if (dialect === 'postgres') {
        await sql`ALTER INDEX index_docs_tsv SET (fastupdate = off)`.execute(db);
        await sql`SELECT gin_clean_pending_list('index_docs_tsv'::regclass)`.execute(db);
      }
      if (dialect === 'sqlite') {
        await sql`DROP TABLE index_docs_fts`.execute(db);
        // '_' joins the words of a pair into one token; folded words never contain it.
        await sql`CREATE VIRTUAL TABLE index_docs_fts USING fts5(title, body, url, pairs, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`.execute(
          db,
        );
      }
      let after = 0;
      for (;;) {
        const rows = await sql<{
          id: number;
          vertical: string;
          title: string;
          url_text: string;
          snippet: string | null;
          description: string | null;
          body: string;
        }>`
          SELECT d.id, d.vertical, d.title, d.url_text, d.snippet, p.description, p.body
          FROM index_docs d JOIN index_pages p ON p.id = d.page_id WHERE d.id > ${after} ORDER BY d.id LIMIT 500`.execute(db);
        if (rows.rows.length === 0) break;
        for (const row of rows.rows) {
          const text = row.vertical === 'web' || row.vertical === 'news' ? `${row.description ?? ''}\n${row.body}` : (row.snippet ?? '');
          const folded = foldedColumns(foldText(row.title), foldText(text), row.url_text);
          if (dialect === 'sqlite') {
            await sql`INSERT INTO index_docs_fts (rowid, title, body, url, pairs) VALUES (${row.id}, ${folded.title}, ${folded.body}, ${folded.url}, ${folded.pairs})`.execute(
              db,
            );
          } else {
            await sql`UPDATE index_docs SET tsv = ${tsvectorColumns(folded)}::tsvector WHERE id = ${row.id}`.execute(db);
          }
        }
        after = rows.rows.at(-1)?.id ?? after;
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('index_docs_rank').execute();
    },
  };
}
