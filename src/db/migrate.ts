import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DialectName } from './database.js';
import { accountsAndKeys } from './migrations/0001-accounts-and-keys.js';
import { ledger } from './migrations/0002-ledger.js';

/** The one migration set; names sort in the order they apply. */
function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-accounts-and-keys': accountsAndKeys(dialect),
    '0002-ledger': ledger(dialect),
  };
}

export interface MigrationReport {
  readonly applied: string[];
}

/** Applies pending migrations; Kysely's migration lock makes concurrent starts safe. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationReport> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
