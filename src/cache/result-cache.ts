import { hash } from 'node:crypto';

/**
 * Stored results of search and scrape, keyed by the normalised request. Values are JSON
 * strings so memory and Redis hold exactly the same bytes.
 */
export interface ResultCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

/** A stable key for a request: the endpoint and the request's fields in a canonical order. */
export function cacheKey(endpoint: string, request: unknown): string {
  return `${endpoint}:${hash('sha256', canonicalJson(request), 'base64url')}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** One piece of shared work and the callers still waiting for it. */
interface Shared {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  waiting: number;
}

/**
 * Identical concurrent requests share one piece of work: the first starts it, the others
 * wait for its result. A failure is shared too, and nothing is remembered afterwards.
 *
 * Each caller waits under its own signal: when it aborts, only that caller stops waiting
 * (and rejects with its own reason), so one client's disconnect never fails another's
 * request. The shared work's signal aborts only when every caller has gone; work that
 * nobody waits for any more is then forgotten, so a later caller starts afresh.
 */
export function createCoalescer() {
  const inFlight = new Map<string, Shared>();

  function leave(key: string, shared: Shared): void {
    shared.waiting -= 1;
    if (shared.waiting > 0) return;
    if (inFlight.get(key) === shared) inFlight.delete(key);
    shared.controller.abort(new Error('every caller of the shared work has gone'));
  }

  return {
    run<T>(key: string, work: (signal: AbortSignal) => Promise<T>, callerSignal?: AbortSignal): { promise: Promise<T>; joined: boolean } {
      if (callerSignal?.aborted) return { promise: Promise.reject(callerSignal.reason as Error), joined: false };
      let shared = inFlight.get(key);
      const joined = shared !== undefined;
      if (!shared) {
        const controller = new AbortController();
        const created: Shared = {
          controller,
          waiting: 0,
          promise: Promise.resolve()
            .then(() => {
              // Every caller may have left before the work even began.
              controller.signal.throwIfAborted();
              return work(controller.signal);
            })
            .finally(() => {
              if (inFlight.get(key) === created) inFlight.delete(key);
            }),
        };
        // Every waiter handles the outcome itself (below); this only keeps the rejection of
        // work that every caller abandoned from being reported as unhandled.
        created.promise.catch(() => undefined);
        inFlight.set(key, created);
        shared = created;
      }
      const current = shared;
      current.waiting += 1;
      const promise = new Promise<T>((resolve, reject) => {
        let done = false;
        const finish = () => {
          if (done) return false;
          done = true;
          callerSignal?.removeEventListener('abort', onAbort);
          return true;
        };
        // This caller gives up: it stops waiting, and the work stops if nobody else waits.
        const onAbort = () => {
          if (!finish()) return;
          leave(key, current);
          reject(callerSignal!.reason as Error);
        };
        callerSignal?.addEventListener('abort', onAbort, { once: true });
        current.promise.then(
          (value) => {
            if (!finish()) return;
            current.waiting -= 1;
            resolve(value as T);
          },
          (error: unknown) => {
            if (!finish()) return;
            current.waiting -= 1;
            reject(error as Error);
          },
        );
      });
      return { promise, joined };
    },
  };
}
