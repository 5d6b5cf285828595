import type { Migration } from 'kysely';
import { bigint, notNull, withId, type AnyDb, type DialectName } from './helpers.js';

export function ledger(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', bigint(dialect), notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('balance_after', bigint(dialect), notNull)
        .addColumn('api_key_id', bigint(dialect))
        .addColumn('endpoint', 'text')
        .addColumn('request_id', 'text')
        .addColumn('hold_id', 'text')
        .addColumn('idempotency_key', 'text', (col) => col.unique())
        .addColumn('note', 'text')
        .addColumn('created', 'text', notNull)
        .execute();
      await db.schema.createIndex('ledger_user_created').on('ledger_entries').columns(['user_id', 'created']).execute();

      await db.schema
        .createTable('holds')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('api_key_id', bigint(dialect))
        .addColumn('amount', bigint(dialect), notNull)
        .addColumn('endpoint', 'text', notNull)
        .addColumn('request_id', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('created', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('settled_at', 'text')
        .execute();
      await db.schema.createIndex('holds_open_expiry').on('holds').columns(['status', 'expires_at']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('holds').execute();
      await db.schema.dropTable('ledger_entries').execute();
    },
  };
}
