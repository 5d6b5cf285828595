import type { ConfigProblem } from './settings.js';

/** The settings that bound how long one metered call can work, in milliseconds. */
export interface WorkTimeouts {
  readonly holdTtlSeconds: number;
  readonly chatTimeoutMs: number;
  readonly scrapeTimeoutMs: number;
  readonly browserIdleCapMs: number;
  readonly searchEngineTimeoutMs: number;
  /** The most chat models one call may try in turn (a model and its fallbacks); each gets `CHAT_TIMEOUT_MS`. */
  readonly chatChainLength?: number;
}

/**
 * A credit hold that expires while its work still runs is released by the sweeper, and the
 * work's charge then finds nothing to settle: long work would be free. So every work timeout
 * must end before `HOLD_TTL_SECONDS` does. A scrape may fetch and then render the page, each
 * under `SCRAPE_TIMEOUT_MS`, and wait `BROWSER_IDLE_CAP_MS` for the rendered page to settle.
 */
export function holdTtlProblems(config: WorkTimeouts): ConfigProblem[] {
  const holdMs = config.holdTtlSeconds * 1000;
  const chain = config.chatChainLength ?? 1;
  const chatLimit =
    chain > 1 ? `CHAT_TIMEOUT_MS (${config.chatTimeoutMs} ms) × ${chain} models of the longest fallback chain` : `CHAT_TIMEOUT_MS (${config.chatTimeoutMs} ms)`;
  const limits: [string, number][] = [
    [chatLimit, chain * config.chatTimeoutMs],
    [
      `SCRAPE_TIMEOUT_MS (${config.scrapeTimeoutMs} ms, twice: fetch then render) + BROWSER_IDLE_CAP_MS (${config.browserIdleCapMs} ms)`,
      2 * config.scrapeTimeoutMs + config.browserIdleCapMs,
    ],
    [`SEARCH_ENGINE_TIMEOUT_MS (${config.searchEngineTimeoutMs} ms)`, config.searchEngineTimeoutMs],
  ];
  const outlived = limits.filter(([, workMs]) => holdMs <= workMs).map(([setting]) => setting);
  if (outlived.length === 0) return [];
  return [
    {
      variable: 'HOLD_TTL_SECONDS',
      reason: `${config.holdTtlSeconds} s must be longer than ${outlived.join(' and than ')}: a hold that expires before its work ends is released, and the work goes unpaid. Raise HOLD_TTL_SECONDS or lower the timeout.`,
    },
  ];
}
