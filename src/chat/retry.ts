/**
 * How long the upstream asked us to wait, in ms: OpenAI's `retry-after-ms`, else
 * `Retry-After` as seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Record<string, string | string[] | undefined>, now: number = Date.now()): number | undefined {
  const ms = Number(firstValue(headers['retry-after-ms']));
  if (firstValue(headers['retry-after-ms']) !== undefined && Number.isFinite(ms) && ms >= 0) return ms;

  const raw = firstValue(headers['retry-after'])?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so that
 * many instances retrying together spread out without any retry becoming instant.
 * `attempt` is 0 for the first retry.
 */
export function backoffDelayMs(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
