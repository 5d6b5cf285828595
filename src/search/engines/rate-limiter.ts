/**
 * A per-upstream request pacer: a token bucket that holds `limit` requests and refills at
 * `limit` per `periodMs`, so "1 per 3 s" (arXiv) spaces calls and "45/min" (PatentsView) allows a
 * burst. A caller that would wait longer than `maxWaitMs` is refused at once instead of queueing
 * behind a long line: the router then fails over to the next engine.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { EngineError } from '../engine.js';

export interface RateLimit {
  /** Requests allowed per period (≥ 1). */
  readonly limit: number;
  readonly periodSeconds: number;
}

export interface RateLimiterOptions extends RateLimit {
  /** Longest a request may wait for its turn before it is refused. Default 5 000 ms. */
  readonly maxWaitMs?: number;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

export interface RateLimiter {
  /**
   * Resolves when the caller may send one request. Rejects with `EngineError('rate_limited')`
   * when the wait would exceed `maxWaitMs`, and with the signal's reason when `signal` aborts
   * (the reserved turn is then given back).
   */
  acquire(engine: string, signal?: AbortSignal): Promise<void>;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (!(options.limit >= 1) || !(options.periodSeconds > 0)) throw new RangeError('a rate needs limit ≥ 1 and a positive period');
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const capacity = options.limit;
  const tokensPerMs = options.limit / (options.periodSeconds * 1000);
  let tokens = capacity;
  let refilledAt = now();

  const refill = (): void => {
    const current = now();
    tokens = Math.min(capacity, tokens + (current - refilledAt) * tokensPerMs);
    refilledAt = current;
  };

  return {
    async acquire(engine, signal) {
      signal?.throwIfAborted();
      refill();
      // Tokens may go negative: each waiting caller has reserved the turn after the previous one.
      const waitMs = tokens >= 1 ? 0 : Math.ceil((1 - tokens) / tokensPerMs);
      if (waitMs > maxWaitMs) {
        throw new EngineError(engine, 'rate_limited', `local rate limit of ${options.limit} per ${options.periodSeconds} s reached`, {
          retryAfterSeconds: Math.ceil(waitMs / 1000),
        });
      }
      tokens -= 1;
      if (waitMs === 0) return;
      try {
        await sleep(waitMs, undefined, signal === undefined ? undefined : { signal });
      } catch (error) {
        tokens += 1;
        throw signal?.aborted ? signal.reason : error;
      }
    },
  };
}
