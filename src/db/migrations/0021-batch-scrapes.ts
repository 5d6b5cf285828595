import type { Migration } from 'kysely';
import { bigint, notNull, type AnyDb, type DialectName } from './helpers.js';

/**
 * Batch scrapes (issue 30): one row per batch (its owner, the surface that started it, its scrape
 * options, status and counts) and one row per URL of the batch. A page row carries the hold that
 * pays for it while it is being scraped (`hold_id`), so a batch taken up again after its process
 * died settles a page it had already stored, releases a hold of a page it had not, and charges no
 * page twice. `done_order` is the order pages completed in: a status page read while the batch
 * runs never shifts under the client. `webhook` is the batch's webhook target (JSON), null for none.
 */
export function batchScrapes(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('batch_scrapes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('api_key_id', bigint(dialect), notNull)
        .addColumn('surface', 'text', notNull)
        .addColumn('options', 'text', notNull)
        .addColumn('webhook', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('total', 'integer', notNull)
        .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('credits_used', bigint(dialect), (col) => col.notNull().defaultTo(0))
        .addColumn('warning', 'text')
        .addColumn('created', 'text', notNull)
        .addColumn('updated', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('batch_scrapes_user_status').on('batch_scrapes').columns(['user_id', 'status']).execute();
      await db.schema.createIndex('batch_scrapes_expiry').on('batch_scrapes').column('expires_at').execute();

      await db.schema
        .createTable('batch_scrape_pages')
        .addColumn('batch_id', 'text', (col) => col.notNull().references('batch_scrapes.id').onDelete('cascade'))
        .addColumn('seq', 'integer', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('document', 'text')
        .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('hold_id', 'text')
        .addColumn('done_order', 'integer')
        .addColumn('updated', 'text', notNull)
        .addPrimaryKeyConstraint('batch_scrape_pages_pk', ['batch_id', 'seq'])
        .execute();
      await db.schema.createIndex('batch_scrape_pages_status').on('batch_scrape_pages').columns(['batch_id', 'status', 'seq']).execute();
      await db.schema.createIndex('batch_scrape_pages_done').on('batch_scrape_pages').columns(['batch_id', 'done_order']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('batch_scrape_pages').execute();
      await db.schema.dropTable('batch_scrapes').execute();
    },
  };
}
