import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { allMigrations, migrateToLatest } from '../db/migrate.js';
import { createLedger } from './ledger.js';
import type { LedgerOp } from './ledger-ops.js';
import { createPostgresLedgerStore } from './ledger-postgres.js';
import { createSqliteLedgerStore } from './ledger-sqlite.js';

/**
 * Migration 0013 replaces the PostgreSQL batch function with its set-based form: holds opened
 * under 0012 settle under 0013, and migrating back down restores a working 0012 function.
 */
const storeOf = (handle: DatabaseHandle) =>
  handle.raw.dialect === 'sqlite' ? createSqliteLedgerStore(handle.raw.sqlite) : createPostgresLedgerStore(handle.raw.pool);

const hold = (userId: number, holdId: string, amount: number): LedgerOp => ({
  op: 'hold',
  userId,
  holdId,
  amount,
  apiKeyId: null,
  endpoint: 'test',
  requestId: null,
  at: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});
const settle = (holdId: string, actual: number): LedgerOp => ({ op: 'settle', holdId, actual, at: new Date().toISOString() });

describe('migration 0013', () => {
  it('settles holds opened before it, and goes back down to a working 0012 function', async () => {
    await withDatabaseAt('0012-ledger-functions', async (handle) => {
      const { id } = await handle.db
        .insertInto('users')
        .values({ email: 'm@example.com', password_hash: 'x', is_active: 1, is_staff: 0, credits_balance: 0, date_joined: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = Number(id);
      const ledger = createLedger(handle);
      await ledger.credit(userId, 10, { kind: 'grant' });
      expect(await storeOf(handle).apply([hold(userId, 'hold-before-0013', 4)])).toEqual([{ status: 'ok', balance: 6, charged: 0 }]);

      await migrateToLatest(handle);
      expect(await storeOf(handle).apply([settle('hold-before-0013', 3), hold(userId, 'hold-under-0013', 2)])).toEqual([
        { status: 'ok', balance: 7, charged: 3 },
        { status: 'ok', balance: 5, charged: 0 },
      ]);

      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => allMigrations(handle.dialect) } });
      const { error } = await migrator.migrateTo('0012-ledger-functions');
      expect(error).toBeUndefined();
      expect(await storeOf(handle).apply([settle('hold-under-0013', 1)])).toEqual([{ status: 'ok', balance: 6, charged: 1 }]);

      const [row] = await ledger.audit();
      expect(row).toMatchObject({ balance: 6, ledgerSum: 6, openHolds: 0 });
    });
  });
});
