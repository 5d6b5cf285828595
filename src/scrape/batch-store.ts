/**
 * The state of batch scrapes (migration 0021): one row per batch with its status, counts and
 * credits, and one row per URL with its result or error and, while it is being scraped, the hold
 * that pays for it. Any instance answers a status request from here, whichever instance runs the
 * batch.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { seqsWithinBytes } from '../http/pagination.js';
import {
  BATCH_RETENTION_MS,
  type BatchError,
  type BatchPage,
  type BatchPageState,
  type BatchRecord,
  type BatchState,
  type BatchSurface,
  type InTransaction,
  type NewBatch,
} from '../use-cases/batch-scrape.js';
import type { WebhookTarget } from '../webhooks/index.js';

type BatchScrapesTable = {
  id: string;
  user_id: number;
  api_key_id: number;
  surface: BatchSurface;
  options: string;
  /** JSON of the batch's webhook target; null: none. */
  webhook: string | null;
  status: BatchState;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  warning: string | null;
  created: string;
  updated: string;
  expires_at: string;
};

type BatchScrapePagesTable = {
  batch_id: string;
  seq: number;
  url: string;
  status: BatchPageState;
  /** JSON of the page's result, once completed. */
  document: string | null;
  bytes: number;
  credits: number;
  error: string | null;
  /** The hold paying for the page while it is scraped, until it is settled or released. */
  hold_id: string | null;
  done_order: number | null;
  updated: string;
};

type BatchTables = { batch_scrapes: BatchScrapesTable; batch_scrape_pages: BatchScrapePagesTable };

/** A page the runner still has to do something about. */
export interface OpenPage {
  readonly seq: number;
  readonly url: string;
  readonly status: BatchPageState;
  readonly holdId: string | null;
  readonly credits: number;
}

/** Rows inserted per statement: well under SQLite's and PostgreSQL's bound on parameters. */
const INSERT_CHUNK = 500;

const toRecord = (row: BatchScrapesTable): BatchRecord => ({
  id: row.id,
  userId: Number(row.user_id),
  apiKeyId: Number(row.api_key_id),
  surface: row.surface,
  options: row.options,
  ...(row.webhook === null ? {} : { webhook: JSON.parse(row.webhook) as WebhookTarget }),
  status: row.status,
  total: Number(row.total),
  completed: Number(row.completed),
  failed: Number(row.failed),
  creditsUsed: Number(row.credits_used),
  warning: row.warning,
  expiresAt: row.expires_at,
});

export function createBatchStore<D>(database: Kysely<Database>, dialect: DialectName, now: () => Date) {
  const db = database.withTables<BatchTables>();
  const stamp = () => now().toISOString();
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  async function find(id: string, userId?: number): Promise<BatchRecord | undefined> {
    let query = db.selectFrom('batch_scrapes').selectAll().where('id', '=', id);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  /** Pages never scraped become `skipped` once the batch has ended (pages being scraped end on their own). */
  const skipWaiting = (trx: Kysely<Database & BatchTables>, id: string) =>
    trx
      .updateTable('batch_scrape_pages')
      .set({ status: 'skipped', updated: stamp() })
      .where('batch_id', '=', id)
      .where('status', '=', 'pending')
      .where('hold_id', 'is', null)
      .execute();

  return {
    find,

    /**
     * Stores the batch and its pages unless the account already runs `maxActive` batches. On
     * PostgreSQL the account's advisory lock makes the count and the insert one step across
     * instances. `also` runs in the same transaction once the batch is stored (its `started` event).
     */
    async create(batch: NewBatch, maxActive: number, also?: InTransaction): Promise<boolean> {
      return database.transaction().execute(async (outer) => {
        const trx = outer.withTables<BatchTables>();
        if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`quarry-batch-scrapes:${batch.userId}`}))`.execute(trx);
        const running = await trx
          .selectFrom('batch_scrapes')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', batch.userId)
          .where('status', '=', 'scraping')
          .executeTakeFirst();
        if (Number(running?.count ?? 0) >= maxActive) return false;
        const at = stamp();
        await trx
          .insertInto('batch_scrapes')
          .values({
            id: batch.id,
            user_id: batch.userId,
            api_key_id: batch.apiKeyId,
            surface: batch.surface,
            options: batch.options,
            webhook: batch.webhook === undefined ? null : JSON.stringify(batch.webhook),
            status: 'scraping',
            total: batch.urls.length,
            completed: 0,
            failed: 0,
            credits_used: 0,
            warning: null,
            created: at,
            updated: at,
            expires_at: later(BATCH_RETENTION_MS),
          })
          .execute();
        const rows = batch.urls.map((url, seq) => ({ batch_id: batch.id, seq, url, status: 'pending' as const, bytes: 0, credits: 0, updated: at }));
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('batch_scrape_pages')
            .values(rows.slice(start, start + INSERT_CHUNK))
            .execute();
        }
        if (also !== undefined) await also(outer);
        return true;
      });
    },

    async status(id: string): Promise<BatchState | undefined> {
      const row = await db.selectFrom('batch_scrapes').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status;
    },

    /** Pages still to scrape, and pages whose hold a previous run left open (a stored page not yet settled, or a page it was scraping). */
    async openPages(id: string): Promise<OpenPage[]> {
      const rows = await db
        .selectFrom('batch_scrape_pages')
        .select(['seq', 'url', 'status', 'hold_id', 'credits'])
        .where('batch_id', '=', id)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb('hold_id', 'is not', null)]))
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({ seq: Number(row.seq), url: row.url, status: row.status, holdId: row.hold_id, credits: Number(row.credits) }));
    },

    /** Notes the hold that pays for the page before it is scraped. */
    async claim(id: string, seq: number, holdId: string): Promise<void> {
      await db.updateTable('batch_scrape_pages').set({ hold_id: holdId, updated: stamp() }).where('batch_id', '=', id).where('seq', '=', seq).execute();
    },

    /**
     * Stores the page's result and counts it (and its credits) in one transaction, keeping the
     * page's hold to be settled next; false when the batch no longer runs (cancelled), and then
     * nothing is stored. `also` runs in the same transaction when the page is stored (its event).
     */
    async complete(id: string, seq: number, document: D, credits: number, also?: InTransaction): Promise<boolean> {
      return database.transaction().execute(async (outer) => {
        const trx = outer.withTables<BatchTables>();
        const counted = await trx
          .updateTable('batch_scrapes')
          .set((eb) => ({ completed: eb('completed', '+', 1), credits_used: eb('credits_used', '+', credits), updated: stamp() }))
          .where('id', '=', id)
          .where('status', '=', 'scraping')
          .returning('completed')
          .executeTakeFirst();
        if (counted === undefined) return false;
        const json = JSON.stringify(document);
        await trx
          .updateTable('batch_scrape_pages')
          .set({ status: 'completed', document: json, bytes: Buffer.byteLength(json), credits, done_order: Number(counted.completed), updated: stamp() })
          .where('batch_id', '=', id)
          .where('seq', '=', seq)
          .execute();
        if (also !== undefined) await also(outer);
        return true;
      });
    },

    /** Notes a page that failed (its hold already released); false when the batch no longer runs. `also` as for `complete`. */
    async fail(id: string, seq: number, error: string, also?: InTransaction): Promise<boolean> {
      return database.transaction().execute(async (outer) => {
        const trx = outer.withTables<BatchTables>();
        const counted = await trx
          .updateTable('batch_scrapes')
          .set((eb) => ({ failed: eb('failed', '+', 1), updated: stamp() }))
          .where('id', '=', id)
          .where('status', '=', 'scraping')
          .returning('failed')
          .executeTakeFirst();
        if (counted === undefined) return false;
        await trx
          .updateTable('batch_scrape_pages')
          .set({ status: 'failed', error, hold_id: null, updated: stamp() })
          .where('batch_id', '=', id)
          .where('seq', '=', seq)
          .execute();
        if (also !== undefined) await also(outer);
        return true;
      });
    },

    /** The page's hold is settled or released: nothing is left to do about it. */
    async clearHold(id: string, seq: number): Promise<void> {
      await db.updateTable('batch_scrape_pages').set({ hold_id: null }).where('batch_id', '=', id).where('seq', '=', seq).execute();
    },

    /** A page that was being scraped when the batch stopped: never stored, never charged (its hold released). */
    async skip(id: string, seq: number): Promise<void> {
      await db
        .updateTable('batch_scrape_pages')
        .set({ status: 'skipped', hold_id: null, updated: stamp() })
        .where('batch_id', '=', id)
        .where('seq', '=', seq)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Ends a running batch (a cancel that came first wins); its pages never scraped become
     * `skipped`. `also` runs in the same transaction when this call ended the batch (its event).
     */
    async finish(id: string, status: Exclude<BatchState, 'scraping'>, warning: string | null = null, also?: InTransaction): Promise<void> {
      await database.transaction().execute(async (outer) => {
        const trx = outer.withTables<BatchTables>();
        const ended = await trx
          .updateTable('batch_scrapes')
          .set({ status, warning, updated: stamp(), expires_at: later(BATCH_RETENTION_MS) })
          .where('id', '=', id)
          .where('status', '=', 'scraping')
          .executeTakeFirst();
        await skipWaiting(trx, id);
        if (Number(ended.numUpdatedRows) > 0 && also !== undefined) await also(outer);
      });
    },

    /** Cancels the owner's running batch; the runner stops at its next page. Undefined when it is not the owner's. */
    async cancel(id: string, userId: number): Promise<BatchRecord | undefined> {
      await db.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('batch_scrapes')
          .set({ status: 'cancelled', updated: stamp(), expires_at: later(BATCH_RETENTION_MS) })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('status', '=', 'scraping')
          .executeTakeFirst();
        if (Number(cancelled.numUpdatedRows) > 0) await skipWaiting(trx, id);
      });
      return find(id, userId);
    },

    async errors(id: string): Promise<BatchError[]> {
      const rows = await db
        .selectFrom('batch_scrape_pages')
        .select(['seq', 'url', 'error', 'updated'])
        .where('batch_id', '=', id)
        .where('status', '=', 'failed')
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({ id: String(row.seq), timestamp: row.updated, url: row.url, error: row.error ?? 'failed' }));
    },

    /** Forgets finished batches past their `expiresAt`, their pages with them. */
    async deleteExpired(): Promise<number> {
      const result = await db.deleteFrom('batch_scrapes').where('expires_at', '<', stamp()).where('status', '!=', 'scraping').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Pages from the `skip`th on: at most `limit`, and no more results than fit in `maxBytes` (at
     * least one page). Only the results sent are read.
     */
    async pages(id: string, order: 'all' | 'completed', skip: number, limit: number, maxBytes: number): Promise<{ pages: BatchPage<D>[]; more: boolean }> {
      let query = db.selectFrom('batch_scrape_pages').select(['seq', 'bytes']).where('batch_id', '=', id);
      query = order === 'all' ? query.orderBy('seq') : query.where('status', '=', 'completed').orderBy('done_order');
      const sizes = await query
        .offset(skip)
        .limit(limit + 1)
        .execute();
      const chosen = seqsWithinBytes(sizes, limit, maxBytes);
      if (chosen.length === 0) return { pages: [], more: false };
      const rows = await db
        .selectFrom('batch_scrape_pages')
        .select(['seq', 'url', 'status', 'document', 'error'])
        .where('batch_id', '=', id)
        .where('seq', 'in', chosen)
        .execute();
      const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
      const pages = chosen.map((seq) => {
        const row = bySeq.get(seq)!;
        return {
          url: row.url,
          status: row.status,
          ...(row.document === null ? {} : { result: JSON.parse(row.document) as D }),
          ...(row.error === null ? {} : { error: row.error }),
        };
      });
      return { pages, more: sizes.length > chosen.length };
    },
  };
}

export type BatchStore<D> = ReturnType<typeof createBatchStore<D>>;
