import { sql, type Migration } from 'kysely';
import { isShareableQuery } from './frozen-query-log.js';
import { bigint, notNull, type AnyDb, type DialectName } from './helpers.js';

/**
 * Tenant isolation of the local index and of autocomplete (issue 16, items 3 and 4):
 * - pages get an owner (`owner_id`, 0 = the shared index): a page an account scraped is found by
 *   that account only, so one URL may be held once shared and once per account, and the URL's
 *   uniqueness becomes (url, owner_id). SQLite cannot drop a UNIQUE column constraint, so it
 *   rebuilds `index_pages` with the same ids (the documents and the FTS table keep pointing at them);
 * - documents repeat their page's owner (also in the covering index of ranking), so searches
 *   filter without reading pages or document rows;
 * - each account's searches go to `search_query_history`, suggested to that account only; the
 *   shared log counts distinct accounts (`accounts`) and only shareable queries.
 * Existing data under the new rule: pages already indexed came from the operator (crawls,
 *   imports) or from scrapes under the old shared rule, and stay shared with owner 0; the shared
 *   log forgets every query that is not shareable, and starts the others at 0 accounts (the old
 *   log did not record who searched), so none is suggested to others until enough accounts search it again.
 */
export function searchPrivacy(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE index_pages ADD COLUMN owner_id bigint NOT NULL DEFAULT 0`.execute(db);
        await sql`ALTER TABLE index_pages DROP CONSTRAINT index_pages_url_key`.execute(db);
      } else {
        await rebuildSqlitePages(db);
      }
      await db.schema.createIndex('index_pages_url_owner').on('index_pages').columns(['url', 'owner_id']).unique().execute();
      await db.schema
        .alterTable('index_docs')
        .addColumn('owner_id', bigint(dialect), (col) => col.notNull().defaultTo(0))
        .execute();
      // The covering index of ranking (0005) gains the owner, so the visibility filter reads no document row.
      await db.schema.dropIndex('index_docs_rank').execute();
      await db.schema
        .createIndex('index_docs_rank')
        .on('index_docs')
        .columns(['id', 'vertical', 'dated_at', 'lang', 'country', 'host_rev', 'owner_id'])
        .execute();

      await db.schema
        .alterTable('search_query_log')
        .addColumn('accounts', bigint(dialect), (col) => col.notNull().defaultTo(0))
        .execute();
      let after = '';
      for (;;) {
        const rows = await sql<{
          query_key: string;
          query: string;
        }>`SELECT query_key, query FROM search_query_log WHERE query_key > ${after} ORDER BY query_key LIMIT 500`.execute(db);
        if (rows.rows.length === 0) break;
        const secret = rows.rows.filter((row) => !isShareableQuery(row.query)).map((row) => row.query_key);
        if (secret.length > 0) await sql`DELETE FROM search_query_log WHERE query_key IN (${sql.join(secret)})`.execute(db);
        after = rows.rows.at(-1)?.query_key ?? after;
      }

      await db.schema
        .createTable('search_query_history')
        .addColumn('account_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('query_key', dialect === 'postgres' ? sql`text collate "C"` : 'text', notNull)
        .addColumn('query', 'text', notNull)
        .addColumn('searches', bigint(dialect), notNull)
        .addColumn('last_searched', 'text', notNull)
        .addPrimaryKeyConstraint('search_query_history_pk', ['account_id', 'query_key'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('search_query_history').execute();
      await db.schema.alterTable('search_query_log').dropColumn('accounts').execute();
      await db.schema.dropIndex('index_docs_rank').execute();
      await db.schema.createIndex('index_docs_rank').on('index_docs').columns(['id', 'vertical', 'dated_at', 'lang', 'country', 'host_rev']).execute();
      await db.schema.alterTable('index_docs').dropColumn('owner_id').execute();
    },
  };
}

/** The SQLite way to change a table's constraints: a copy with the same ids, swapped in with foreign keys off. */
async function rebuildSqlitePages(db: AnyDb): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`CREATE TABLE index_pages_new (
      id integer PRIMARY KEY AUTOINCREMENT, url text NOT NULL, host text NOT NULL, title text NOT NULL, description text,
      body text NOT NULL, lang text, country text, published_at text, first_seen text NOT NULL, indexed_at text NOT NULL,
      dated_at text NOT NULL, source text NOT NULL, bytes integer NOT NULL, owner_id integer NOT NULL DEFAULT 0)`.execute(db);
    await sql`INSERT INTO index_pages_new (id, url, host, title, description, body, lang, country, published_at, first_seen, indexed_at, dated_at, source, bytes)
      SELECT id, url, host, title, description, body, lang, country, published_at, first_seen, indexed_at, dated_at, source, bytes FROM index_pages`.execute(
      db,
    );
    await sql`DROP TABLE index_pages`.execute(db);
    await sql`ALTER TABLE index_pages_new RENAME TO index_pages`.execute(db);
    await db.schema.createIndex('index_pages_host').on('index_pages').column('host').execute();
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
