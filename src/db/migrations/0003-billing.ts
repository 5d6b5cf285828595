import type { Migration } from 'kysely';
import { bigint, notNull, withId, type AnyDb, type DialectName } from './helpers.js';

/** Local records of payment-provider transactions (billing checkout, confirm, webhooks). */
export function billing(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('billing_transactions'), dialect)
        .addColumn('provider', 'text', notNull)
        .addColumn('transaction_id', 'text', notNull)
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'text', notNull)
        .addColumn('credits', bigint(dialect), notNull)
        .addColumn('amount', bigint(dialect), notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('provider_status', 'text', notNull)
        .addColumn('checkout_url', 'text')
        .addColumn('created', 'text', notNull)
        .addColumn('updated', 'text', notNull)
        .addColumn('granted_at', 'text')
        // One local record per provider transaction: concurrent webhooks and confirms insert at most one.
        .addUniqueConstraint('billing_transactions_provider_transaction', ['provider', 'transaction_id'])
        .execute();
      await db.schema.createIndex('billing_transactions_user_created').on('billing_transactions').columns(['user_id', 'created']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('billing_transactions').execute();
    },
  };
}
