/**
 * The order in which the worker pool starts waiting tasks (see `pool.ts`): one lane per owner
 * (an account, or the shared lane of callers without one), served in turn (the lane served
 * longest ago first; a lane that just arrived before all others), and no owner
 * holding more than `maxRunningPerOwner` threads at once. One account's heavy pages then wait
 * behind its own, never in front of everyone else's. Pure bookkeeping, no timers: the pool
 * calls `take` whenever a thread is free and `finish` when a task has left its thread.
 */
export class FairQueue<T> {
  /** Waiting tasks per owner, with the turn at which the lane was last served (0: not yet). */
  private readonly lanes = new Map<string, { readonly tasks: T[]; servedAt: number }>();
  private readonly running = new Map<string, number>();
  private waitingCount = 0;
  private turn = 0;

  constructor(private readonly maxRunningPerOwner: number) {
    if (!(maxRunningPerOwner >= 1)) throw new RangeError('maxRunningPerOwner must be at least 1');
  }

  /** Tasks waiting, all owners together. */
  get waiting(): number {
    return this.waitingCount;
  }

  enqueue(owner: string, task: T): void {
    const lane = this.lanes.get(owner);
    if (lane) lane.tasks.push(task);
    else this.lanes.set(owner, { tasks: [task], servedAt: 0 });
    this.waitingCount++;
  }

  /** Takes a waiting task back out (its caller gave up); false when it had already started. */
  remove(owner: string, task: T): boolean {
    const lane = this.lanes.get(owner);
    const index = lane?.tasks.indexOf(task) ?? -1;
    if (!lane || index < 0) return false;
    lane.tasks.splice(index, 1);
    if (lane.tasks.length === 0) this.lanes.delete(owner);
    this.waitingCount--;
    return true;
  }

  /**
   * The next task to start: the oldest waiting one of the lane served longest ago (ties: the lane
   * that came first) whose owner is under its share of threads. Undefined when none may start.
   */
  take(): { readonly owner: string; readonly task: T } | undefined {
    let chosen: string | undefined;
    let chosenServedAt = Infinity;
    for (const [owner, lane] of this.lanes) {
      if ((this.running.get(owner) ?? 0) >= this.maxRunningPerOwner) continue;
      if (lane.servedAt < chosenServedAt) [chosen, chosenServedAt] = [owner, lane.servedAt];
    }
    if (chosen === undefined) return undefined;
    const lane = this.lanes.get(chosen)!;
    const task = lane.tasks.shift() as T;
    lane.servedAt = ++this.turn;
    if (lane.tasks.length === 0) this.lanes.delete(chosen);
    this.waitingCount--;
    this.running.set(chosen, (this.running.get(chosen) ?? 0) + 1);
    return { owner: chosen, task };
  }

  /** Empties every lane (the pool is closing), returning what was waiting. */
  drain(): T[] {
    const waiting = [...this.lanes.values()].flatMap((lane) => lane.tasks);
    this.lanes.clear();
    this.waitingCount = 0;
    return waiting;
  }

  /** A task `take` handed out has finished (settled or failed). */
  finish(owner: string): void {
    const count = (this.running.get(owner) ?? 0) - 1;
    if (count > 0) this.running.set(owner, count);
    else this.running.delete(owner);
  }
}
