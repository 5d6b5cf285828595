/** One request at a time per host, at least `delayMs` apart (robots.txt's crawl-delay when longer). */
import { setTimeout as sleep } from 'node:timers/promises';

export interface Politeness {
  /** Resolves when the host may be asked again, and books that moment. */
  wait(host: string, minimumDelayMs: number, signal?: AbortSignal): Promise<void>;
}

export function createPoliteness(options: { now?: () => number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> } = {}): Politeness {
  const now = options.now ?? Date.now;
  const pause = options.sleep ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, signal ? { signal } : undefined));
  const lastRequest = new Map<string, number>();
  return {
    async wait(host, minimumDelayMs, signal) {
      const last = lastRequest.get(host);
      const due = last === undefined ? now() : last + minimumDelayMs;
      const waitMs = due - now();
      if (waitMs > 0) await pause(waitMs, signal);
      lastRequest.set(host, now());
    },
  };
}
