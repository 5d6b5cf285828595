import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Usage is read from the holds (every metered call has one) joined to their charge entries,
 * so that failed, uncharged calls count too: an index to find an account's holds by time,
 * and one to find the entries of a hold. Existing rows need nothing more.
 */
export function usageIndexes(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createIndex('holds_user_created').on('holds').columns(['user_id', 'created']).execute();
      await db.schema.createIndex('ledger_hold').on('ledger_entries').column('hold_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('ledger_hold').execute();
      await db.schema.dropIndex('holds_user_created').execute();
    },
  };
}
