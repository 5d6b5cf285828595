import { setImmediate as nextTurn } from 'node:timers/promises';

export interface GroupCommitOptions {
  /** Batches running at once. More than one lets a second batch queue at the database while the first commits. */
  readonly maxInFlight: number;
  readonly maxBatch: number;
}

/**
 * Group commit: operations submitted while a batch is being written wait for the next batch,
 * and a batch takes everything waiting (up to `maxBatch`). So the more requests are in flight,
 * the fewer transactions per request, and a lone request still pays only one event-loop turn.
 * A promise settles only after its batch has committed: nothing is acknowledged that a crash
 * could lose.
 *
 * `apply` is atomic. If a whole batch fails (an unexpected error, a deadlock), its members are
 * retried one by one, so one bad member cannot fail the others; a member's retry is safe
 * because every operation is keyed by its hold id.
 */
export function createGroupCommit<Op, Result>(apply: (ops: Op[]) => Promise<Result[]>, options: GroupCommitOptions) {
  interface Pending {
    readonly op: Op;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  let queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    // One turn of the event loop lets the requests that arrived together join the batch.
    void nextTurn().then(flush);
  }

  async function flush(): Promise<void> {
    scheduled = false;
    if (queue.length === 0 || inFlight >= options.maxInFlight) return;
    const batch = queue.length <= options.maxBatch ? queue : queue.slice(0, options.maxBatch);
    queue = queue.length <= options.maxBatch ? [] : queue.slice(options.maxBatch);
    inFlight += 1;
    try {
      await run(batch);
    } finally {
      inFlight -= 1;
      schedule();
    }
  }

  async function run(batch: Pending[]): Promise<void> {
    let results: Result[];
    try {
      results = await apply(batch.map((p) => p.op));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map((p) => apply([p.op]).then((r) => p.resolve(r[0]!), p.reject)));
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]!));
  }

  return {
    submit(op: Op): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ op, resolve, reject });
        schedule();
      });
    },
  };
}
