import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/** The SQL dialects migrations are written for (frozen here: a migration imports nothing outside this folder). */
export type DialectName = 'sqlite' | 'postgres';

// Migrations see a schema that changes under them, so they work on an untyped database.
export type AnyDb = Kysely<unknown>;

/** An auto-incrementing integer primary key in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const bigint = (dialect: DialectName) => (dialect === 'postgres' ? sql`bigint` : sql`integer`);

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
