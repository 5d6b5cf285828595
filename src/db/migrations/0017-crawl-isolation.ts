import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Crawls kept apart and bounded (issue 25):
 * - `crawl_jobs.owner`: the crawl a frontier belongs to (a Firecrawl-compatible crawl's id). A
 *   frontier with an owner is resumed only by that owner, never by another tenant's crawl of the
 *   same seed and settings; operator crawls (no owner) still resume by seed and settings.
 * - `compat_crawls.lease_until`: while a crawl holds a crawl slot, the time its lease ends. The
 *   runner renews it as it works, so a crawl whose instance died stops counting after a while;
 *   the crawls of one account with a live lease are what the per-account slot limit counts.
 * - `compat_crawl_pages.bytes`: the size of the stored document, so a status page can be cut by
 *   bytes without reading the documents it will not send.
 * - `background_jobs.run_after`: a job that waits (a crawl deferred while its account already
 *   runs its share of crawls) is not claimed before this time.
 */
export function crawlIsolation(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('crawl_jobs').addColumn('owner', 'text').execute();
      await db.schema.createIndex('crawl_jobs_owner').on('crawl_jobs').column('owner').execute();
      await db.schema.alterTable('compat_crawls').addColumn('lease_until', 'text').execute();
      await db.schema.createIndex('compat_crawls_lease').on('compat_crawls').columns(['user_id', 'lease_until']).execute();
      await db.schema
        .alterTable('compat_crawl_pages')
        .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('background_jobs').addColumn('run_after', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('background_jobs').dropColumn('run_after').execute();
      await db.schema.alterTable('compat_crawl_pages').dropColumn('bytes').execute();
      await db.schema.dropIndex('compat_crawls_lease').execute();
      await db.schema.alterTable('compat_crawls').dropColumn('lease_until').execute();
      await db.schema.dropIndex('crawl_jobs_owner').execute();
      await db.schema.alterTable('crawl_jobs').dropColumn('owner').execute();
    },
  };
}
