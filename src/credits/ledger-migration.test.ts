import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { allMigrations, migrateToLatest } from '../db/migrate.js';
import { createLedger } from './ledger.js';
import type { LedgerOp } from './ledger-ops.js';
import { createPostgresLedgerStore } from './ledger-postgres.js';
import { createSqliteLedgerStore } from './ledger-sqlite.js';
import { usageOf } from './usage.js';

/**
 * Migration 0013 replaces the PostgreSQL batch function with its set-based form: holds opened
 * under 0012 settle under 0013, and migrating back down restores a working 0012 function.
 */
const storeOf = (handle: DatabaseHandle) =>
  handle.raw.dialect === 'sqlite' ? createSqliteLedgerStore(handle.raw.sqlite) : createPostgresLedgerStore(handle.raw.pool);

/** What every debit of these tests names besides its account, hold id and amount. */
const debitFields = { apiKeyId: null, endpoint: 'test', requestId: null } as const;
const hold = (userId: number, holdId: string, amount: number): LedgerOp => ({
  op: 'hold',
  userId,
  holdId,
  amount,
  ...debitFields,
  at: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});
const settle = (holdId: string, actual: number): LedgerOp => ({ op: 'settle', holdId, actual, at: new Date().toISOString() });

/** An account created by hand at the migration under test, granted `credits` through the ledger. */
async function accountGranted(handle: DatabaseHandle, email: string, credits: number) {
  const { id } = await handle.db
    .insertInto('users')
    .values({ email, password_hash: 'x', is_active: 1, is_staff: 0, credits_balance: 0, date_joined: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(id);
  const ledger = createLedger(handle);
  await ledger.credit(userId, credits, { kind: 'grant' });
  return { userId, ledger };
}

describe('migration 0013', () => {
  it('settles holds opened before it, and goes back down to a working 0012 function', async () => {
    await withDatabaseAt('0012-ledger-functions', async (handle) => {
      const { userId, ledger } = await accountGranted(handle, 'm@example.com', 10);
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

const charge = (userId: number, holdId: string, amount: number, at: string): LedgerOp => ({ op: 'charge', userId, holdId, amount, ...debitFields, at });

/**
 * Migration 0015 makes a one-step charge one row (its charge entry, no settled hold row). Usage
 * counts the charges written either way once, and migrating down writes the missing hold rows
 * back, so the previous code reads the same usage.
 */
describe('migration 0015', () => {
  it('counts one-step charges from before and after it once, and goes back down with their hold rows restored', async () => {
    await withDatabaseAt('0014-index-operator-lexemes', async (handle) => {
      const { userId, ledger } = await accountGranted(handle, 'c@example.com', 10);
      // A one-step charge as it was written before 0015: its entry and a settled hold row.
      const at = new Date().toISOString();
      await handle.db.updateTable('users').set({ credits_balance: 8 }).where('id', '=', userId).execute();
      await handle.db
        .insertInto('ledger_entries')
        .values({ user_id: userId, amount: -2, kind: 'charge', balance_after: 8, endpoint: 'test', hold_id: 'charge-before', created: at })
        .execute();
      await handle.db
        .insertInto('holds')
        .values({ id: 'charge-before', user_id: userId, amount: 2, endpoint: 'test', status: 'settled', created: at, expires_at: at, settled_at: at })
        .execute();

      await migrateToLatest(handle);
      expect(await storeOf(handle).apply([charge(userId, 'charge-after', 3, new Date().toISOString())])).toEqual([{ status: 'ok', balance: 5, charged: 3 }]);
      const holdIds = async () => (await handle.db.selectFrom('holds').select('id').orderBy('id').execute()).map((h) => h.id);
      expect(await holdIds()).toEqual(['charge-before']);
      const day = at.slice(0, 10);
      const usage = () => usageOf(handle.db, userId, '2000-01-01', '2100-01-01', 'day');
      expect(await usage()).toEqual([{ day, requests: 2, credits: 5, failed: 0 }]);

      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => allMigrations(handle.dialect) } });
      expect((await migrator.migrateTo('0014-index-operator-lexemes')).error).toBeUndefined();
      expect(await holdIds()).toEqual(['charge-after', 'charge-before']);
      const restored = await handle.db.selectFrom('holds').selectAll().where('id', '=', 'charge-after').executeTakeFirstOrThrow();
      expect(restored).toMatchObject({ user_id: userId, amount: 3, endpoint: 'test', status: 'settled' });
      expect(await usage()).toEqual([{ day, requests: 2, credits: 5, failed: 0 }]);
      if (handle.dialect === 'postgres') {
        // 0013's function again: a charge writes its settled hold row.
        await storeOf(handle).apply([charge(userId, 'charge-under-0013', 1, new Date().toISOString())]);
        expect(await holdIds()).toContain('charge-under-0013');
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const [row] = await ledger.audit();
      expect(row).toMatchObject({ balance: row!.ledgerSum, openHolds: 0 });
    });
  });
});
