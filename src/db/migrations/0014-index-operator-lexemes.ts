import { sql, type Migration } from 'kysely';
import { factsTsvector } from './frozen-index-fulltext.js';
import { foldText } from './frozen-index-text.js';
import type { AnyDb, DialectName } from './helpers.js';

const BATCH = 1000;

/**
 * PostgreSQL p99 of operator queries at 100,000 pages (issue 14): `site:`, `filetype:`, `intitle:`
 * and `inurl:` become lexemes of each document's `tsv` (see src/local-index/fact-tokens.ts), so
 * that one GIN scan answers a query with operators. Existing documents gain them from the columns
 * kept beside `tsv`; the GIN index is rebuilt once afterwards rather than updated row by row.
 * SQLite answers operators from the FTS5 table and its covering index: nothing changes there.
 */
export function indexOperatorLexemes(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`DROP INDEX index_docs_tsv`.execute(db);
      let after = 0;
      for (;;) {
        const rows = await sql<{ id: number; host_rev: string; path: string; title: string; url_text: string }>`
          SELECT id, host_rev, path, title, url_text FROM index_docs WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
        const last = rows.rows.at(-1);
        if (last === undefined) break;
        const values = rows.rows.map(
          (row) =>
            sql`(CAST(${row.id} AS bigint), ${factsTsvector({ hostRev: row.host_rev, path: row.path, title: foldText(row.title), urlText: row.url_text })})`,
        );
        await sql`UPDATE index_docs AS d SET tsv = d.tsv || CAST(v.facts AS tsvector) FROM (VALUES ${sql.join(values)}) AS v(id, facts) WHERE d.id = v.id`.execute(
          db,
        );
        after = Number(last.id);
      }
      // Within the migration's transaction: a GIN build with the default 64 MB takes minutes at 100,000 pages.
      await sql`SELECT set_config('maintenance_work_mem', '256MB', true)`.execute(db);
      await sql`CREATE INDEX index_docs_tsv ON index_docs USING gin (tsv) WITH (fastupdate = off)`.execute(db);
    },
    async down() {
      // The extra lexemes match no word, stem or pair: older code never asks for them.
    },
  };
}
