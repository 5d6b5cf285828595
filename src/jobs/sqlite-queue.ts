/**
 * The embedded default's job queue: jobs are rows of `background_jobs` (migration 0010), run in
 * this process. One process owns a SQLite file, so a job found `active` when a queue is registered
 * was left by a process that died, and it is run again. `send` starts the work at once: there is
 * nothing to poll for, because no other process adds jobs. A job sent to start later wakes the
 * queue with a timer when it is due.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import type { JobsDatabase } from './tables.js';
import type { JobHandler, JobQueue, QueueSettings } from './queue.js';

interface Registration {
  readonly settings: QueueSettings;
  readonly handler: JobHandler<object>;
  running: number;
}

export function createSqliteJobQueue(database: Kysely<Database>, log: FastifyBaseLogger, now: () => Date = () => new Date()): JobQueue {
  const db = database.withTables<JobsDatabase>();
  const queues = new Map<string, Registration>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const shutdown = new AbortController();
  const wakeTimers = new Set<NodeJS.Timeout>();

  /** Drains the queue again when a job sent to start later is due. */
  function wakeAt(name: string, due: Date): void {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        wakeTimers.delete(timer);
        const queue = queues.get(name);
        for (let i = 0; i < (queue?.settings.concurrency ?? 0); i++) drain(name);
      },
      Math.max(0, due.getTime() - now().getTime()),
    );
    wakeTimers.add(timer);
  }

  /** Atomically moves the oldest waiting job of `name` to `active`; undefined when none waits. */
  async function claim(name: string) {
    return db.transaction().execute(async (trx) => {
      const next = await trx
        .selectFrom('background_jobs')
        .select(['id', 'data', 'attempts'])
        .where('queue', '=', name)
        .where('state', '=', 'created')
        .where((eb) => eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now().toISOString())]))
        .orderBy('created')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (next === undefined) return undefined;
      await trx
        .updateTable('background_jobs')
        .set({ state: 'active', attempts: next.attempts + 1, updated: now().toISOString() })
        .where('id', '=', next.id)
        .execute();
      return { ...next, attempts: next.attempts + 1 };
    });
  }

  async function finish(id: string, state: 'created' | 'failed', error: string | null) {
    await db.updateTable('background_jobs').set({ state, error, updated: now().toISOString() }).where('id', '=', id).execute();
  }

  async function runOne(name: string, queue: Registration): Promise<boolean> {
    const job = await claim(name);
    if (job === undefined) return false;
    try {
      await queue.handler({ id: job.id, data: JSON.parse(job.data) as object }, shutdown.signal);
      // A done job has nothing left to tell (its work keeps its own state), and a job deferred
      // again and again (a crawl waiting for its account's slot) must not grow the table.
      await db.deleteFrom('background_jobs').where('id', '=', job.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Stopped by a shutdown: the job waits for the next start, and this try does not count.
      if (stopped) {
        await db
          .updateTable('background_jobs')
          .set({ state: 'created', attempts: job.attempts - 1, updated: now().toISOString() })
          .where('id', '=', job.id)
          .execute();
        return false;
      }
      log.error({ err: error, queue: name, jobId: job.id }, 'background job failed');
      await finish(job.id, job.attempts <= queue.settings.retryLimit ? 'created' : 'failed', message);
    }
    return true;
  }

  function drain(name: string): void {
    const queue = queues.get(name);
    if (queue === undefined || stopped) return;
    if (queue.running < queue.settings.concurrency) {
      // One more worker per call: each `send` adds one, up to the queue's concurrency.
      queue.running += 1;
      const worker = (async () => {
        try {
          while (!stopped && (await runOne(name, queue)));
        } catch (error) {
          log.error({ err: error, queue: name }, 'job queue could not read its table');
        } finally {
          queue.running -= 1;
        }
      })();
      inFlight.add(worker);
      void worker.finally(() => inFlight.delete(worker));
    }
  }

  return {
    async work(name, settings, handler) {
      queues.set(name, { settings, handler: handler as JobHandler<object>, running: 0 });
      await db
        .updateTable('background_jobs')
        .set({ state: 'created', updated: now().toISOString() })
        .where('queue', '=', name)
        .where('state', '=', 'active')
        .execute();
      // A backlog left by the last run gets every worker at once; idle ones end at the first empty claim.
      for (let i = 0; i < settings.concurrency; i++) drain(name);
      const delayed = await db
        .selectFrom('background_jobs')
        .select('run_after')
        .where('queue', '=', name)
        .where('state', '=', 'created')
        .where('run_after', 'is not', null)
        .execute();
      for (const job of delayed) if (job.run_after) wakeAt(name, new Date(job.run_after));
    },
    async send(name, data, options) {
      const id = randomUUID();
      const at = now();
      const delayMs = (options?.startAfterSeconds ?? 0) * 1000;
      const runAfter = delayMs > 0 ? new Date(at.getTime() + delayMs) : undefined;
      await db
        .insertInto('background_jobs')
        .values({
          id,
          queue: name,
          data: JSON.stringify(data),
          state: 'created',
          attempts: 0,
          error: null,
          created: at.toISOString(),
          updated: at.toISOString(),
          run_after: runAfter?.toISOString() ?? null,
        })
        .execute();
      if (runAfter === undefined) drain(name);
      else wakeAt(name, runAfter);
      return id;
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      shutdown.abort(new Error('shutting down'));
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...inFlight]), grace]);
      clearTimeout(timer);
    },
  };
}
