import type { Migration } from 'kysely';
import { bigint, notNull, type AnyDb, type DialectName } from './helpers.js';

/**
 * Change tracking (issue 30): each account's last Markdown of a page, per optional tag, which the
 * next `changeTracking` scrape of that page compares with. The account's own data: keyed by the
 * account and deleted with it. `url_key` is the SHA-256 of the canonical URL (a URL may be far
 * longer than an index entry allows); `markdown` is null when it was too big to keep, and then
 * only `content_hash` tells whether the page changed.
 */
export function changeSnapshots(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('change_snapshots')
        .addColumn('user_id', bigint(dialect), (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('url_key', 'text', notNull)
        .addColumn('tag', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('url', 'text', notNull)
        .addColumn('markdown', 'text')
        .addColumn('content_hash', 'text', notNull)
        .addColumn('scraped_at', 'text', notNull)
        .addPrimaryKeyConstraint('change_snapshots_pk', ['user_id', 'url_key', 'tag'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('change_snapshots').execute();
    },
  };
}
