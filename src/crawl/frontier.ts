/**
 * The crawl's state in the database, so that an interrupted crawl resumes where it stopped: one
 * job per crawl, and the frontier of discovered URLs with what became of each. A frontier with an
 * owner (a Firecrawl-compatible crawl's id) belongs to that crawl alone: another tenant's crawl of
 * the same seed and settings never resumes it. Operator crawls (no owner) resume by seed and
 * settings. A finished frontier is deleted, so its rows do not outlive the crawl.
 */
import type { Kysely } from 'kysely';
import type { CrawlFrontierTable, Database } from '../db/schema.js';

/**
 * Rows per INSERT: 7 parameters a row keeps one statement far below SQLite's 32,766 variables
 * (and PostgreSQL's 65,535), whatever the number of links a page has.
 */
const FRONTIER_INSERT_BATCH = 500;

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
  /** Adds URLs not seen before in this job, in bounded batches; returns how many were new. */
  add(entries: readonly FrontierEntry[]): Promise<number>;
  /** Rows this job's frontier holds (every URL it has seen). */
  size(): Promise<number>;
  /** The oldest queued URL, or undefined when the queue is empty. */
  next(): Promise<FrontierEntry | undefined>;
  settle(url: string, status: Exclude<FrontierStatus, 'queued'>, reason?: string): Promise<void>;
  counts(): Promise<FrontierCounts>;
  /** Ends the job and deletes its frontier. */
  finish(): Promise<void>;
}

/** Deletes the frontier of the owner's crawl, if it has one (a crawl stopped before it ran to its end). */
export async function discardFrontier(db: Kysely<Database>, owner: string): Promise<void> {
  const jobs = await db.selectFrom('crawl_jobs').select('id').where('owner', '=', owner).execute();
  for (const job of jobs) await deleteJob(db, job.id);
}

async function deleteJob(db: Kysely<Database>, jobId: number): Promise<void> {
  await db.deleteFrom('crawl_frontier').where('job_id', '=', jobId).execute();
  await db.deleteFrom('crawl_jobs').where('id', '=', jobId).execute();
}

/**
 * Opens the unfinished job of `owner` (without one: of this seed and settings among operator
 * crawls), or starts a new one with the seed queued at depth 0.
 */
export async function openFrontier(
  db: Kysely<Database>,
  seed: string,
  settings: CrawlSettings,
  now: () => Date,
  owner: string | null = null,
): Promise<Frontier> {
  const settingsJson = JSON.stringify(settings);
  let lookup = db.selectFrom('crawl_jobs').select('id').where('status', '=', 'running');
  lookup = owner === null ? lookup.where('owner', 'is', null).where('seed', '=', seed).where('settings', '=', settingsJson) : lookup.where('owner', '=', owner);
  const existing = await lookup.orderBy('id', 'desc').executeTakeFirst();
  let jobId: number;
  if (existing) {
    jobId = existing.id;
  } else {
    const at = now().toISOString();
    const created = await db
      .insertInto('crawl_jobs')
      .values({ seed, settings: settingsJson, status: 'running', created: at, updated: at, owner })
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
      let added = 0;
      for (let start = 0; start < unique.length; start += FRONTIER_INSERT_BATCH) {
        const batch = unique.slice(start, start + FRONTIER_INSERT_BATCH);
        const result = await db
          .insertInto('crawl_frontier')
          .values(
            batch.map((entry) => ({ job_id: jobId, url: entry.url, depth: entry.depth, seq: ++seq, status: 'queued' as const, reason: null, updated: at })),
          )
          .onConflict((conflict) => conflict.columns(['job_id', 'url']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },
    async size() {
      const row = await db
        .selectFrom('crawl_frontier')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
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
      await deleteJob(db, jobId);
    },
  };
  if (!frontier.resumed) await frontier.add([{ url: seed, depth: 0 }]);
  return frontier;
}
