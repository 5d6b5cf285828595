/**
 * The state of Firecrawl-compatible crawls (migrations 0010, 0017): one row per crawl with its
 * status, counts, credits and slot lease, and one row per crawled page with its document and its
 * size. Any instance answers a status request from here, whichever instance runs the crawl.
 */
import { sql, type Generated, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { CRAWL_RETENTION_MS, type CrawlState } from '../../use-cases/crawl.js';
import type { FirecrawlDocument } from './document.js';
import { seqsWithinBytes } from '../../http/pagination.js';

export type CrawlStatusName = CrawlState;

type CompatCrawlsTable = {
  id: string;
  user_id: number;
  api_key_id: number;
  url: string;
  /** JSON of `CrawlPlan`. */
  options: string;
  status: CrawlStatusName;
  total: number;
  completed: number;
  credits_used: number;
  warning: string | null;
  created: string;
  updated: string;
  expires_at: string;
  /** While the crawl holds a crawl slot: when its lease runs out unless renewed. */
  lease_until: string | null;
};

type CompatCrawlPagesTable = {
  crawl_id: string;
  seq: number;
  url: string;
  /** JSON of the page's `FirecrawlDocument`. */
  document: string;
  /** Size of `document` in UTF-8 bytes, so a status page is cut by size without reading what it leaves out. */
  bytes: number;
};

type CompatCrawlErrorsTable = {
  id: Generated<number>;
  crawl_id: string;
  url: string;
  error: string;
  /** 1 when robots.txt disallowed the page. */
  robots: number;
  created: string;
};

type CrawlTables = {
  compat_crawls: CompatCrawlsTable;
  compat_crawl_pages: CompatCrawlPagesTable;
  compat_crawl_errors: CompatCrawlErrorsTable;
};

export interface CrawlErrors {
  readonly errors: { id: string; timestamp: string; url: string; error: string }[];
  readonly robotsBlocked: string[];
}

export interface CrawlRow {
  readonly id: string;
  readonly userId: number;
  readonly apiKeyId: number;
  readonly url: string;
  readonly options: string;
  readonly status: CrawlStatusName;
  readonly total: number;
  readonly completed: number;
  readonly creditsUsed: number;
  readonly warning: string | null;
  readonly expiresAt: string;
}

export interface NewCrawl {
  readonly id: string;
  readonly userId: number;
  readonly apiKeyId: number;
  readonly url: string;
  readonly options: string;
}

/** One page of a crawl's documents, cut by count and by size. */
export interface DocumentPage {
  readonly documents: FirecrawlDocument[];
  /** Whether documents follow this page. */
  readonly more: boolean;
}

const toRow = (row: CompatCrawlsTable): CrawlRow => ({
  id: row.id,
  userId: Number(row.user_id),
  apiKeyId: Number(row.api_key_id),
  url: row.url,
  options: row.options,
  status: row.status,
  total: Number(row.total),
  completed: Number(row.completed),
  creditsUsed: Number(row.credits_used),
  warning: row.warning,
  expiresAt: row.expires_at,
});

export function createCrawlStore(database: Kysely<Database>, dialect: DialectName, now: () => Date) {
  const db = database.withTables<CrawlTables>();
  // The larger of two values: `greatest` on PostgreSQL, the two-argument `max` on SQLite.
  const larger = dialect === 'postgres' ? 'greatest' : 'max';
  const stamp = () => now().toISOString();
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  return {
    async create(crawl: NewCrawl): Promise<void> {
      const at = stamp();
      await db
        .insertInto('compat_crawls')
        .values({
          id: crawl.id,
          user_id: crawl.userId,
          api_key_id: crawl.apiKeyId,
          url: crawl.url,
          options: crawl.options,
          status: 'scraping',
          total: 0,
          completed: 0,
          credits_used: 0,
          warning: null,
          created: at,
          updated: at,
          // Set again when the crawl ends: retention counts from the end.
          expires_at: later(CRAWL_RETENTION_MS),
          lease_until: null,
        })
        .execute();
    },

    /** The crawl, or undefined when it does not exist; `userId` scopes it to its owner. */
    async find(id: string, userId?: number): Promise<CrawlRow | undefined> {
      let query = db.selectFrom('compat_crawls').selectAll().where('id', '=', id);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const row = await query.executeTakeFirst();
      return row === undefined ? undefined : toRow(row);
    },

    async status(id: string): Promise<CrawlStatusName | undefined> {
      const row = await db.selectFrom('compat_crawls').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status;
    },

    /**
     * Stores a page's document; false when this crawl already has the URL (a resumed crawl).
     * `also` runs in the same transaction when the page is new (its webhook event is stored with it).
     */
    async addPage(id: string, url: string, document: FirecrawlDocument, also?: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
      return database.transaction().execute(async (outer) => {
        const trx = outer.withTables<CrawlTables>();
        const last = await trx
          .selectFrom('compat_crawl_pages')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('crawl_id', '=', id)
          .executeTakeFirst();
        const json = JSON.stringify(document);
        const result = await trx
          .insertInto('compat_crawl_pages')
          .values({ crawl_id: id, seq: Number(last?.seq ?? 0) + 1, url, document: json, bytes: Buffer.byteLength(json) })
          .onConflict((conflict) => conflict.columns(['crawl_id', 'url']).doNothing())
          .executeTakeFirst();
        const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
        if (added && also !== undefined) await also(outer);
        return added;
      });
    },

    /** Counts one more page and its credits; `total` is what the crawl has found so far. */
    async progress(id: string, credits: number, total: number): Promise<void> {
      await db
        .updateTable('compat_crawls')
        .set((eb) => ({
          completed: eb('completed', '+', 1),
          credits_used: eb('credits_used', '+', credits),
          total: eb.fn<number>(larger, [eb.ref('total'), eb.val(total)]),
          updated: stamp(),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Adds the credits of a page that was fetched and paid for but is not part of the answer. */
    async addCredits(id: string, credits: number): Promise<void> {
      if (credits === 0) return;
      await db
        .updateTable('compat_crawls')
        .set((eb) => ({ credits_used: eb('credits_used', '+', credits), updated: stamp() }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Ends a running crawl (a cancel that came first wins); `total` becomes what was delivered.
     * `also` runs in the same transaction when this call ended it (its webhook event is stored with it).
     */
    async finish(
      id: string,
      status: Exclude<CrawlStatusName, 'scraping'>,
      warning: string | null = null,
      also?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<void> {
      await database.transaction().execute(async (outer) => {
        const result = await outer
          .withTables<CrawlTables>()
          .updateTable('compat_crawls')
          .set((eb) => ({ status, warning, total: eb.ref('completed'), updated: stamp(), expires_at: later(CRAWL_RETENTION_MS), lease_until: null }))
          .where('id', '=', id)
          .where('status', '=', 'scraping')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0 && also !== undefined) await also(outer);
      });
    },

    /** Cancels the owner's running crawl; the runner stops at its next page. False when it is not the owner's. */
    async cancel(id: string, userId: number): Promise<CrawlRow | undefined> {
      await db
        .updateTable('compat_crawls')
        .set({ status: 'cancelled', updated: stamp(), expires_at: later(CRAWL_RETENTION_MS) })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'scraping')
        .execute();
      return this.find(id, userId);
    },

    /** Notes a page that failed, or that robots.txt disallowed. */
    async addError(id: string, url: string, error: string, robots: boolean): Promise<void> {
      await db
        .insertInto('compat_crawl_errors')
        .values({ crawl_id: id, url, error, robots: robots ? 1 : 0, created: stamp() })
        .execute();
    },

    async errors(id: string): Promise<CrawlErrors> {
      const rows = await db
        .selectFrom('compat_crawl_errors')
        .select(['id', 'url', 'error', 'robots', 'created'])
        .where('crawl_id', '=', id)
        .orderBy('id')
        .limit(10_000)
        .execute();
      return {
        errors: rows.filter((row) => Number(row.robots) === 0).map((row) => ({ id: String(row.id), timestamp: row.created, url: row.url, error: row.error })),
        robotsBlocked: rows.filter((row) => Number(row.robots) === 1).map((row) => row.url),
      };
    },

    /** Forgets finished crawls past their `expiresAt`, their pages with them. Returns how many. */
    async deleteExpired(): Promise<number> {
      const result = await db.deleteFrom('compat_crawls').where('expires_at', '<', stamp()).where('status', '!=', 'scraping').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Documents from the `skip`th on: at most `limit`, and no more than fit in `maxBytes` (at
     * least one, which the scrape size limits bound). Only the documents sent are read.
     */
    async pages(id: string, skip: number, limit: number, maxBytes: number): Promise<DocumentPage> {
      // One row past the page says whether more follow.
      const sizes = await db
        .selectFrom('compat_crawl_pages')
        .select(['seq', 'bytes'])
        .where('crawl_id', '=', id)
        .orderBy('seq')
        .offset(skip)
        .limit(limit + 1)
        .execute();
      const chosen = seqsWithinBytes(sizes, limit, maxBytes);
      if (chosen.length === 0) return { documents: [], more: false };
      const rows = await db.selectFrom('compat_crawl_pages').select('document').where('crawl_id', '=', id).where('seq', 'in', chosen).orderBy('seq').execute();
      return { documents: rows.map((row) => JSON.parse(row.document) as FirecrawlDocument), more: sizes.length > chosen.length };
    },

    /**
     * Takes a crawl slot for the crawl unless `perAccount` other crawls of its account hold one;
     * false when they do. The lease lasts `leaseMs` unless renewed. On PostgreSQL the account's
     * advisory lock makes the count and the take one step across instances (SQLite has one writer).
     */
    async takeSlot(id: string, userId: number, perAccount: number, leaseMs: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`quarry-crawl-slots:${userId}`}))`.execute(trx);
        const held = await trx
          .selectFrom('compat_crawls')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .where('id', '!=', id)
          .where('status', '=', 'scraping')
          .where('lease_until', '>', stamp())
          .executeTakeFirst();
        if (Number(held?.count ?? 0) >= perAccount) return false;
        await trx
          .updateTable('compat_crawls')
          .set({ lease_until: later(leaseMs) })
          .where('id', '=', id)
          .execute();
        return true;
      });
    },

    /** Keeps the crawl's slot `leaseMs` longer; returns the crawl's status (undefined when it is gone). */
    async renewSlot(id: string, leaseMs: number): Promise<CrawlStatusName | undefined> {
      await db
        .updateTable('compat_crawls')
        .set({ lease_until: later(leaseMs) })
        .where('id', '=', id)
        .where('status', '=', 'scraping')
        .execute();
      return this.status(id);
    },

    async releaseSlot(id: string): Promise<void> {
      await db.updateTable('compat_crawls').set({ lease_until: null }).where('id', '=', id).execute();
    },
  };
}

export type CrawlStore = ReturnType<typeof createCrawlStore>;
