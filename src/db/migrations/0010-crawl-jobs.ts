import type { Migration } from 'kysely';
import { bigint, notNull, withId, type AnyDb, type DialectName } from './helpers.js';

/**
 * Durable background jobs: the queue table of the embedded default (PostgreSQL uses pg-boss's
 * own schema, so the table stays empty there), and the state of crawls started through the
 * Firecrawl-compatible API: status, counts, credits used and the crawled pages, so that any
 * instance can answer a status request.
 */
export function crawlJobs(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('background_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('queue', 'text', notNull)
        .addColumn('data', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('created', 'text', notNull)
        .addColumn('updated', 'text', notNull)
        .execute();
      await db.schema.createIndex('background_jobs_waiting').on('background_jobs').columns(['queue', 'state', 'created']).execute();

      await db.schema
        .createTable('compat_crawls')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('api_key_id', bigint(dialect), notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('options', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('credits_used', bigint(dialect), (col) => col.notNull().defaultTo(0))
        .addColumn('warning', 'text')
        .addColumn('created', 'text', notNull)
        .addColumn('updated', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('compat_crawls_user').on('compat_crawls').columns(['user_id', 'created']).execute();
      await db.schema.createIndex('compat_crawls_expiry').on('compat_crawls').column('expires_at').execute();

      await db.schema
        .createTable('compat_crawl_pages')
        .addColumn('crawl_id', 'text', (col) => col.notNull().references('compat_crawls.id').onDelete('cascade'))
        .addColumn('seq', 'integer', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('document', 'text', notNull)
        .addPrimaryKeyConstraint('compat_crawl_pages_pk', ['crawl_id', 'seq'])
        .addUniqueConstraint('compat_crawl_pages_url', ['crawl_id', 'url'])
        .execute();

      // Pages that failed, and pages robots.txt kept the crawler from (`robots` = 1): the crawl's errors endpoint.
      await withId(db.schema.createTable('compat_crawl_errors'), dialect)
        .addColumn('crawl_id', 'text', (col) => col.notNull().references('compat_crawls.id').onDelete('cascade'))
        .addColumn('url', 'text', notNull)
        .addColumn('error', 'text', notNull)
        .addColumn('robots', 'integer', notNull)
        .addColumn('created', 'text', notNull)
        .execute();
      await db.schema.createIndex('compat_crawl_errors_crawl').on('compat_crawl_errors').column('crawl_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('compat_crawl_errors').execute();
      await db.schema.dropTable('compat_crawl_pages').execute();
      await db.schema.dropTable('compat_crawls').execute();
      await db.schema.dropTable('background_jobs').execute();
    },
  };
}
