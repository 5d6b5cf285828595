/**
 * The crawl's state in the database, so that an interrupted crawl resumes where it stopped: one
 * job per seed and settings, and the frontier of discovered URLs with what became of each.
 */
import type { Kysely } from 'kysely';
import type { CrawlFrontierTable, Database } from '../../db/schema.js';

export interface CrawlSettings {
  readonly maxPages: number;
  readonly maxDepth: number;
  readonly sameHost: boolean;
}

export type FrontierStatus = CrawlFrontierTable['status'];

export interface FrontierEntry {
  readonly url: string;
  readonly depth: number;
}

export interface FrontierCounts {
  readonly queued: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
}

export interface Frontier {
  readonly jobId: number;
  /** Whether an unfinished job with the same seed and settings was picked up. */
  readonly resumed: boolean;
  /** Adds URLs not seen before in this job; returns how many were new. */
  add(entries: readonly FrontierEntry[]): Promise<number>;
  /** The oldest queued URL, or undefined when the queue is empty. */
  next(): Promise<FrontierEntry | undefined>;
  settle(url: string, status: Exclude<FrontierStatus, 'queued'>, reason?: string): Promise<void>;
  counts(): Promise<FrontierCounts>;
  finish(): Promise<void>;
}

/** Opens the unfinished job of this seed and settings, or starts a new one with the seed queued at depth 0. */
export async function openFrontier(db: Kysely<Database>, seed: string, settings: CrawlSettings, now: () => Date): Promise<Frontier> {
  const settingsJson = JSON.stringify(settings);
  const existing = await db
    .selectFrom('crawl_jobs')
    .select('id')
    .where('seed', '=', seed)
    .where('settings', '=', settingsJson)
    .where('status', '=', 'running')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let jobId: number;
  if (existing) {
    jobId = existing.id;
  } else {
    const at = now().toISOString();
    const created = await db
      .insertInto('crawl_jobs')
      .values({ seed, settings: settingsJson, status: 'running', created: at, updated: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    jobId = created.id;
  }

  const frontier: Frontier = {
    jobId,
    resumed: existing !== undefined,
    async add(entries) {
      if (entries.length === 0) return 0;
      const at = now().toISOString();
      const last = await db
        .selectFrom('crawl_frontier')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      let seq = Number(last?.seq ?? 0);
      const unique = [...new Map(entries.map((entry) => [entry.url, entry])).values()];
      const result = await db
        .insertInto('crawl_frontier')
        .values(
          unique.map((entry) => ({ job_id: jobId, url: entry.url, depth: entry.depth, seq: ++seq, status: 'queued' as const, reason: null, updated: at })),
        )
        .onConflict((conflict) => conflict.columns(['job_id', 'url']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    async next() {
      return db
        .selectFrom('crawl_frontier')
        .select(['url', 'depth'])
        .where('job_id', '=', jobId)
        .where('status', '=', 'queued')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
    },
    async settle(url, status, reason) {
      await db
        .updateTable('crawl_frontier')
        .set({ status, reason: reason ?? null, updated: now().toISOString() })
        .where('job_id', '=', jobId)
        .where('url', '=', url)
        .execute();
    },
    async counts() {
      const rows = await db
        .selectFrom('crawl_frontier')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('job_id', '=', jobId)
        .groupBy('status')
        .execute();
      const count = (status: FrontierStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { queued: count('queued'), done: count('done'), failed: count('failed'), skipped: count('skipped') };
    },
    async finish() {
      await db.updateTable('crawl_jobs').set({ status: 'finished', updated: now().toISOString() }).where('id', '=', jobId).execute();
    },
  };
  if (!frontier.resumed) await frontier.add([{ url: seed, depth: 0 }]);
  return frontier;
}
