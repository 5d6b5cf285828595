/**
 * The job queue on PostgreSQL: pg-boss (its own `pgboss` schema in the same database), so any
 * instance can take a job and a job whose instance died is retried once it expires.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobQueue, QueueSettings } from './queue.js';

export interface PgBossQueueOptions {
  readonly connectionString: string;
  /** Connections pg-boss keeps open (besides the application's own pool). */
  readonly poolSize?: number;
  /** How often an idle worker asks PostgreSQL for a new job. */
  readonly pollingIntervalSeconds?: number;
}

export async function createPgBossJobQueue(options: PgBossQueueOptions, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: options.connectionString, max: options.poolSize ?? 2, schedule: false });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'pg-boss reported a problem'));
  await boss.start();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const shutdown = new AbortController();
  /** Queues this instance made sure exist (pg-boss's `createQueue` is idempotent; the first settings win). */
  const known = new Set<string>();
  const ensureQueue = async (name: string, settings?: QueueSettings) => {
    if (known.has(name)) return;
    await boss.createQueue(name, { name, ...(settings === undefined ? {} : { retryLimit: settings.retryLimit, expireInSeconds: settings.expireInSeconds }) });
    known.add(name);
  };
  return {
    async work(name, settings, handler) {
      await ensureQueue(name, settings);
      // pg-boss runs one fetch loop per `work` call: as many loops as jobs wanted at once.
      for (let i = 0; i < settings.concurrency; i++) {
        await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await handler({ id: job.id, data: job.data as never }, shutdown.signal);
        });
      }
    },
    async send(name, data, options) {
      await ensureQueue(name);
      const delay = options?.startAfterSeconds;
      const id = await boss.send(name, data, delay === undefined ? {} : { startAfter: delay });
      if (id === null) throw new Error(`pg-boss refused a job for queue ${name}`);
      return id;
    },
    async stop(graceMs = 10_000) {
      shutdown.abort(new Error('shutting down'));
      await boss.stop({ graceful: true, timeout: graceMs, wait: true, close: true });
    },
  };
}
