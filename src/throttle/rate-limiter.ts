import type { Rate } from '../config/index.js';

export interface RateDecision {
  readonly allowed: boolean;
  /** The bucket's size: the burst a caller may make. */
  readonly limit: number;
  /** Whole requests left in the bucket after this one. */
  readonly remaining: number;
  /** Seconds until the bucket is full again. */
  readonly resetSeconds: number;
  /** Seconds until one more request would be allowed (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/**
 * Token buckets keyed by caller. `take` must be atomic per key: concurrent takes from one
 * bucket never hand out more than its tokens, on one process (memory) or many (Redis). The
 * memory limiter answers at once, without a promise: it sits on every metered request, where
 * a promise and its microtask turn cost more than the bucket arithmetic.
 */
export interface RateLimiter {
  take(key: string, rate: Rate): RateDecision | Promise<RateDecision>;
  close(): Promise<void>;
}

/** Pure token-bucket arithmetic shared by the memory and Redis limiters. */
export function refill(tokens: number, updatedMs: number, nowMs: number, rate: Rate): number {
  const perMs = rate.limit / (rate.periodSeconds * 1000);
  return Math.min(rate.limit, tokens + Math.max(0, nowMs - updatedMs) * perMs);
}

export function decide(tokensAfterRefill: number, rate: Rate): { allowed: boolean; tokens: number; decision: RateDecision } {
  const perSecond = rate.limit / rate.periodSeconds;
  const allowed = tokensAfterRefill >= 1;
  const tokens = allowed ? tokensAfterRefill - 1 : tokensAfterRefill;
  return {
    allowed,
    tokens,
    decision: {
      allowed,
      limit: rate.limit,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((rate.limit - tokens) / perSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
    },
  };
}
