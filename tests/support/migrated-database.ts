import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { allMigrations } from '../../src/db/migrate.js';
import { createTestDatabase } from './database.js';

/**
 * A fresh test database migrated up to `migration` only, for tests of what a later migration
 * does to data written before it; the body fills it, migrates on and checks. Closed and dropped
 * afterwards, whatever the body did.
 */
export async function withDatabaseAt(migration: string, body: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  const handle = openDatabase({ url: database.url, sqliteFile: join(mkdtempSync(join(tmpdir(), 'quarry-mig-')), 'quarry.db') });
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => allMigrations(handle.dialect) } });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    await body(handle);
  } finally {
    await handle.close();
    await database.drop();
  }
}
