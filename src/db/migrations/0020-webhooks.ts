import type { Migration } from 'kysely';
import { bigint, notNull, type AnyDb, type DialectName } from './helpers.js';

/**
 * Signed webhooks (issue 30):
 * - `webhook_secrets`: each account's signing secret, sealed with `KEY_ENCRYPTION_SECRET` (as
 *   revealable API keys are), made on first need and replaced by a rotation.
 * - `webhook_deliveries`: the durable outbox. One row per event to send, its id the delivery id
 *   the receiver sees on every attempt, its `body` the exact bytes sent. A sender claims due rows
 *   with a conditional update of `lease_until` (safe across instances), posts them, and either
 *   marks them delivered or schedules the next attempt (`next_attempt_at`) until they fail for good.
 */
export function webhooks(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('webhook_secrets')
        .addColumn('user_id', bigint(dialect), (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('ciphertext', 'text', notNull)
        .addColumn('created', 'text', notNull)
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('url', 'text', notNull)
        .addColumn('event', 'text', notNull)
        // Which surface's headers it carries besides Quarry's: 'quarry' or 'firecrawl'.
        .addColumn('surface', 'text', notNull)
        .addColumn('body', 'text', notNull)
        // JSON of the job's extra headers (bounded when the job was started).
        .addColumn('headers', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('lease_until', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created', 'text', notNull)
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').columns(['user_id', 'created']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_secrets').execute();
    },
  };
}
