export interface RetryPolicyOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff when the server gives no Retry-After. Default 500 ms; doubles each retry. */
  baseDelayMs?: number;
  /** The longest wait we accept; a longer Retry-After means "give up". Default 10 000 ms. */
  maxDelayMs?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

const RETRYABLE_STATUSES = new Set([429, 503]);

/**
 * When to try again after a 429/503. Returns the delay in ms, or undefined
 * to stop and hand the last response to the caller.
 */
export interface RetryPolicy {
  delayBeforeRetry(input: { status: number; retryAfter: string | undefined; retriesSoFar: number; now: number }): number | undefined;
}

export function createRetryPolicy(options: RetryPolicyOptions = {}): RetryPolicy {
  const maxRetries = options.maxRetries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const random = options.random ?? Math.random;

  return {
    delayBeforeRetry({ status, retryAfter, retriesSoFar, now }) {
      if (!RETRYABLE_STATUSES.has(status) || retriesSoFar >= maxRetries) return undefined;
      const asked = retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, now);
      if (asked !== undefined) {
        // Retrying earlier than the server asked would be impolite; waiting longer than our cap is too slow.
        return asked <= maxDelayMs ? asked : undefined;
      }
      const exponential = baseDelayMs * 2 ** retriesSoFar;
      // "Equal jitter": half fixed, half random, so clients that failed together spread out.
      return Math.min(maxDelayMs, exponential / 2 + random() * (exponential / 2));
    },
  };
}

/**
 * Parses a Retry-After value — delay-seconds or an HTTP date — into ms from
 * `now`. Returns undefined for values that are neither.
 */
export function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
