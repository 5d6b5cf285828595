/**
 * Durable background work (a crawl started through a compatibility surface, and whatever else
 * outlives a request): a job is stored before `send` resolves, and a job whose process died is
 * taken up again. Two implementations behind this one interface, chosen in the composition root:
 * pg-boss on PostgreSQL, an in-process runner over a SQLite table on the embedded default.
 */
export interface Job<T> {
  readonly id: string;
  readonly data: T;
}

/**
 * Does one job. Rejecting marks the job failed; it is tried again up to the queue's retry limit.
 * `signal` aborts when the process shuts down: the handler should stop soon, keeping its progress.
 */
export type JobHandler<T> = (job: Job<T>, signal: AbortSignal) => Promise<void>;

export interface QueueSettings {
  /** Jobs of this queue one process runs at once. */
  readonly concurrency: number;
  /** Tries after the first failure (or after the process running it died). */
  readonly retryLimit: number;
  /** A job running longer than this is taken as lost and given to another worker. */
  readonly expireInSeconds: number;
}

export interface SendOptions {
  /** The job is not taken before this many seconds have passed (a job waiting its turn). */
  readonly startAfterSeconds?: number;
}

export interface JobQueue {
  /** Registers the handler of a queue and starts taking its jobs, those left by a crashed process included. */
  work<T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>): Promise<void>;
  /** Stores a job for the queue (registered here or on another instance); resolves with its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** Takes no more jobs and waits (up to `graceMs`) for running ones; the rest are picked up after a restart. */
  stop(graceMs?: number): Promise<void>;
}
