import { createHash } from 'node:crypto';

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
  return `${endpoint}:${createHash('sha256').update(canonicalJson(request)).digest('base64url')}`;
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

/**
 * Identical concurrent requests share one piece of work: the first starts it, the others
 * wait for its result. A failure is shared too, and nothing is remembered afterwards.
 */
export function createCoalescer() {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): { promise: Promise<T>; joined: boolean } {
      const existing = inFlight.get(key) as Promise<T> | undefined;
      if (existing) return { promise: existing, joined: true };
      const promise = work().finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return { promise, joined: false };
    },
  };
}
