import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './helpers.js';

/**
 * `quarry_ledger_apply` from its one source, src/credits/ledger-function.sql.ts, next to the store
 * that calls it, instead of the text repeated in migrations 0012, 0013 and 0015 (issue 26). The
 * text is handed in by the migration list (src/db/migrate.ts), so this file imports nothing but its
 * helpers; when it was written it was byte for byte the function of 0015, so on an existing
 * database up changes nothing, and down has nothing to restore.
 *
 * A later change of the function comes with a migration of its own that installs the new text the
 * same way and restores this one on down (src/credits/ledger-function.test.ts fails until it does).
 * SQLite runs the ledger in-process: nothing to install there.
 */
export function ledgerFunctionSource(dialect: DialectName, functionSql: string): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') await sql.raw(functionSql).execute(db);
    },
    async down() {
      // The function stays as 0015 installed it: the same text.
    },
  };
}
