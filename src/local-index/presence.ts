/**
 * Whether the local index holds any page, asked before a search that only the index could answer
 * is charged (see search/readiness.ts). One indexed lookup (`select id … limit 1`) on SQLite and
 * PostgreSQL alike. A "yes" is remembered briefly, since pages are rarely all removed; a "no" is
 * never remembered, so a page indexed by a crawl, an import or another instance counts at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface IndexPresence {
  holdsPages(): Promise<boolean>;
}

/** How long a "yes" is trusted. */
const PRESENCE_TTL_MS = 10_000;

export function createIndexPresence(db: Kysely<Database>, now: () => number = Date.now): IndexPresence {
  let yesUntil = 0;
  return {
    async holdsPages() {
      if (now() < yesUntil) return true;
      const row = await db.selectFrom('index_pages').select('id').limit(1).executeTakeFirst();
      if (row !== undefined) yesUntil = now() + PRESENCE_TTL_MS;
      return row !== undefined;
    },
  };
}
