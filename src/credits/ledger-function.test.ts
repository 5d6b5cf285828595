import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../../tests/support/database.js';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { allMigrations, migrateToLatest } from '../db/migrate.js';
import { LEDGER_FUNCTION_BODY, LEDGER_FUNCTION_NAME, LEDGER_FUNCTION_SQL } from './ledger-function.sql.js';

/**
 * The PostgreSQL ledger function has one source, ledger-function.sql.ts, and migrations install
 * it: a migrated database must hold exactly that text, so the source and the databases cannot
 * drift apart.
 */

/** The migration that last installed the function, and the SHA-256 of the text it installed. */
const INSTALLED = { migration: '0018-ledger-function-source', sha256: '9caac0f0a51a15c8611b6f3fa0fb88301732ee6f590765a75a4edfd58bc68b5e' };

/** What PostgreSQL holds under the function's name: one row per overload. */
async function installed(handle: DatabaseHandle) {
  const rows = await sql<{ src: string; args: string; result: string; language: string }>`
    SELECT p.prosrc AS src, pg_get_function_identity_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result, l.lanname AS language
    FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = ${LEDGER_FUNCTION_NAME}`.execute(handle.db);
  return rows.rows;
}

describe('the ledger function', () => {
  it('is installed by the last migration that installs it: a change of its text needs a migration of its own', () => {
    // If this fails, the text changed: add a migration that installs it with CREATE OR REPLACE (as
    // 0018 does, the text handed in by src/db/migrate.ts) and restores the previous text on down,
    // then record that migration and the new fingerprint in INSTALLED.
    expect(createHash('sha256').update(LEDGER_FUNCTION_SQL).digest('hex')).toBe(INSTALLED.sha256);
  });

  it.skipIf(TEST_DIALECT !== 'postgres')('is, in a database migrated to the latest, exactly the text of ledger-function.sql.ts', async () => {
    await withDatabaseAt(INSTALLED.migration, async (handle) => {
      await migrateToLatest(handle);
      expect(await installed(handle)).toEqual([{ src: LEDGER_FUNCTION_BODY, args: 'ops jsonb', result: 'jsonb', language: 'plpgsql' }]);
    });
  });

  it.skipIf(TEST_DIALECT !== 'postgres')('replaces whatever text a database held before the migration that installs it', async () => {
    const names = Object.keys(allMigrations('postgres'));
    const previous = names[names.indexOf(INSTALLED.migration) - 1]!;
    await withDatabaseAt(previous, async (handle) => {
      // A stale text in place of the one the earlier migrations left.
      await sql`CREATE OR REPLACE FUNCTION quarry_ledger_apply(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$BEGIN RETURN '[]'::jsonb; END$fn$`.execute(
        handle.db,
      );
      await migrateToLatest(handle);
      expect((await installed(handle)).map((row) => row.src)).toEqual([LEDGER_FUNCTION_BODY]);
    });
  });
});
