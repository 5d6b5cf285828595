import { sql, type Migration } from 'kysely';
import { bigint, notNull, withId, type AnyDb, type DialectName } from './helpers.js';

export function accountsAndKeys(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_staff', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('credits_balance', bigint(dialect), (col) => col.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('date_joined', 'text', notNull)
        .addColumn('last_login', 'text')
        .addCheckConstraint('users_credits_not_negative', sql`credits_balance >= 0`)
        .execute();

      await db.schema
        .createTable('blacklisted_tokens')
        .addColumn('jti', 'text', (col) => col.primaryKey())
        .addColumn('user_id', bigint(dialect), notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('blacklisted_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('api_keys'), dialect)
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('prefix', 'text', notNull)
        .addColumn('digest', 'text', (col) => col.notNull().unique())
        .addColumn('ciphertext', 'text')
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created', 'text', notNull)
        .addColumn('last_used', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'is_active', 'id']).execute();

      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('recipient', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('created', 'text', notNull)
        .addColumn('sent_at', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['mail_outbox', 'api_keys', 'blacklisted_tokens', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
