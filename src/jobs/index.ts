/** Durable background jobs: the interface, and the choice of its implementation. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { JobQueue } from './queue.js';
import { createSqliteJobQueue } from './sqlite-queue.js';

export type { Job, JobHandler, JobQueue, QueueSettings, SendOptions } from './queue.js';
export type { JobsDatabase } from './tables.js';
export { createSqliteJobQueue } from './sqlite-queue.js';

export interface JobQueueChoice {
  readonly dialect: DialectName;
  readonly db: Kysely<Database>;
  /** `DATABASE_URL`: pg-boss connects with it on PostgreSQL. */
  readonly databaseUrl: string | undefined;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
}

/** pg-boss on PostgreSQL; the in-process runner over SQLite on the embedded default. */
export async function createJobQueue(choice: JobQueueChoice): Promise<JobQueue> {
  if (choice.dialect === 'postgres' && choice.databaseUrl !== undefined) {
    // pg-boss (about 17 MB) is loaded only on PostgreSQL.
    const { createPgBossJobQueue } = await import('./pgboss-queue.js');
    return createPgBossJobQueue({ connectionString: choice.databaseUrl }, choice.log);
  }
  return createSqliteJobQueue(choice.db, choice.log, choice.now);
}
