import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * `users.session_generation`: every login token carries the generation it was issued under, and a
 * token of an older generation is refused. A password reset, an operator lock and "log out
 * everywhere" add one, which ends every session of the account at once, without a row per token.
 * Tokens issued before this migration carry no generation and count as generation 0, the default.
 */
export function sessionGeneration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('users')
        .addColumn('session_generation', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('users').dropColumn('session_generation').execute();
    },
  };
}
