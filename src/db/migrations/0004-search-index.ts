import { sql, type Migration } from 'kysely';
import { bigint, notNull, withId, type AnyDb, type DialectName } from './helpers.js';

/**
 * Quarry's own search index (src/local-index): pages, their searchable documents (one per vertical
 * record), the query log behind autocomplete, and resumable crawl state. The full-text part is
 * dialect-specific: a contentless FTS5 table on SQLite, a weighted tsvector with a GIN index on
 * PostgreSQL.
 */
export function searchIndex(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('index_pages'), dialect)
        .addColumn('url', 'text', (col) => col.notNull().unique())
        .addColumn('host', 'text', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text')
        .addColumn('body', 'text', notNull)
        .addColumn('lang', 'text')
        .addColumn('country', 'text')
        .addColumn('published_at', 'text')
        .addColumn('first_seen', 'text', notNull)
        .addColumn('indexed_at', 'text', notNull)
        .addColumn('dated_at', 'text', notNull)
        .addColumn('source', 'text', notNull)
        .addColumn('bytes', bigint(dialect), notNull)
        .execute();
      await db.schema.createIndex('index_pages_host').on('index_pages').column('host').execute();

      let docs = withId(db.schema.createTable('index_docs'), dialect)
        .addColumn('page_id', bigint(dialect), (col) => col.notNull().references('index_pages.id').onDelete('cascade'))
        .addColumn('vertical', 'text', notNull)
        .addColumn('ord', 'integer', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('link', 'text', notNull)
        .addColumn('host', 'text', notNull)
        // Labels reversed ("com.example.blog"), so `site:` is a prefix range on an ordinary index.
        .addColumn('host_rev', dialect === 'postgres' ? sql`text collate "C"` : 'text', notNull)
        .addColumn('path', 'text', notNull)
        .addColumn('url_text', 'text', notNull)
        .addColumn('snippet', 'text')
        .addColumn('item', 'text', notNull)
        .addColumn('published_at', 'text')
        .addColumn('dated_at', 'text', notNull)
        .addColumn('lang', 'text')
        .addColumn('country', 'text');
      if (dialect === 'postgres') docs = docs.addColumn('tsv', sql`tsvector`, notNull);
      await docs.execute();
      await db.schema.createIndex('index_docs_page').on('index_docs').column('page_id').execute();
      await db.schema.createIndex('index_docs_vertical_date').on('index_docs').columns(['vertical', 'dated_at']).execute();
      await db.schema.createIndex('index_docs_host_rev').on('index_docs').columns(['host_rev', 'vertical']).execute();
      if (dialect === 'postgres') {
        await sql`CREATE INDEX index_docs_tsv ON index_docs USING gin (tsv)`.execute(db);
      } else {
        // Contentless: the text lives in index_docs/index_pages; the index holds folded words only.
        await sql`CREATE VIRTUAL TABLE index_docs_fts USING fts5(title, body, url, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
          db,
        );
      }

      await db.schema
        .createTable('search_query_log')
        // Byte order on PostgreSQL too, so a prefix is a plain range on the primary key.
        .addColumn('query_key', dialect === 'postgres' ? sql`text collate "C"` : 'text', (col) => col.primaryKey())
        .addColumn('query', 'text', notNull)
        .addColumn('searches', bigint(dialect), notNull)
        .addColumn('last_searched', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('crawl_jobs'), dialect)
        .addColumn('seed', 'text', notNull)
        .addColumn('settings', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('created', 'text', notNull)
        .addColumn('updated', 'text', notNull)
        .execute();
      await db.schema
        .createTable('crawl_frontier')
        .addColumn('job_id', bigint(dialect), (col) => col.notNull().references('crawl_jobs.id').onDelete('cascade'))
        .addColumn('url', 'text', notNull)
        .addColumn('depth', 'integer', notNull)
        .addColumn('seq', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('updated', 'text', notNull)
        .addPrimaryKeyConstraint('crawl_frontier_pk', ['job_id', 'url'])
        .execute();
      await db.schema.createIndex('crawl_frontier_queue').on('crawl_frontier').columns(['job_id', 'status', 'seq']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('crawl_frontier').execute();
      await db.schema.dropTable('crawl_jobs').execute();
      await db.schema.dropTable('search_query_log').execute();
      if (dialect === 'sqlite') await sql`DROP TABLE index_docs_fts`.execute(db);
      await db.schema.dropTable('index_docs').execute();
      await db.schema.dropTable('index_pages').execute();
    },
  };
}
