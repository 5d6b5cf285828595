/**
 * Caps how many requests run at once against one target host. Requests over
 * the cap wait in FIFO order rather than failing: politeness, not refusal.
 */
export interface HostLimiter {
  /**
   * Runs `task` once a slot for `hostKey` is free. If `signal` aborts while
   * waiting, the waiter leaves the queue and the promise rejects with the
   * signal's reason; the task never starts.
   */
  run<T>(hostKey: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests currently running against `hostKey` (for tests and metrics). */
  active(hostKey: string): number;
}

interface HostSlots {
  active: number;
  waiting: (() => void)[];
}

export function createHostLimiter(maxPerHost: number): HostLimiter {
  if (!Number.isInteger(maxPerHost) || maxPerHost < 1) throw new RangeError('maxPerHost must be a positive integer');
  const hosts = new Map<string, HostSlots>();

  function acquire(hostKey: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    let slots = hosts.get(hostKey);
    if (!slots) {
      slots = { active: 0, waiting: [] };
      hosts.set(hostKey, slots);
    }
    if (slots.active < maxPerHost) {
      slots.active++;
      return Promise.resolve();
    }
    const queue = slots;
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const index = queue.waiting.indexOf(grant);
        if (index !== -1) queue.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      queue.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function release(hostKey: string): void {
    const slots = hosts.get(hostKey);
    if (!slots) return;
    const next = slots.waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) return next();
    slots.active--;
    if (slots.active === 0) hosts.delete(hostKey);
  }

  return {
    async run(hostKey, task, signal) {
      await acquire(hostKey, signal);
      try {
        return await task();
      } finally {
        release(hostKey);
      }
    },
    active: (hostKey) => hosts.get(hostKey)?.active ?? 0,
  };
}
