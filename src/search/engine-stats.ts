/** Recent-call statistics of one engine for the health endpoint and metrics. */

export interface EngineStatsSnapshot {
  /** Calls in the window (at most the window size). */
  readonly calls: number;
  /** Share of failed calls in the window, 0 when there were none. */
  readonly errorRate: number;
  /** Median latency of the calls in the window (failed ones included), undefined without calls. */
  readonly p50LatencyMs?: number;
  readonly p95LatencyMs?: number;
}

export interface EngineStats {
  record(latencyMs: number, ok: boolean): void;
  snapshot(): EngineStatsSnapshot;
}

function percentile(sorted: readonly number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  // Nearest-rank: the smallest value with at least `fraction` of the calls at or below it.
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

/** Keeps the last `windowSize` calls (default 100) in a ring buffer. */
export function createEngineStats(windowSize = 100): EngineStats {
  if (!Number.isInteger(windowSize) || windowSize < 1) throw new RangeError('windowSize must be a positive integer');
  const latencies: number[] = [];
  const outcomes: boolean[] = [];
  let next = 0;

  return {
    record(latencyMs, ok) {
      latencies[next] = latencyMs;
      outcomes[next] = ok;
      next = (next + 1) % windowSize;
    },
    snapshot() {
      const calls = outcomes.length;
      const failures = outcomes.filter((ok) => !ok).length;
      const sorted = [...latencies].sort((a, b) => a - b);
      const p50 = percentile(sorted, 0.5);
      const p95 = percentile(sorted, 0.95);
      return {
        calls,
        errorRate: calls === 0 ? 0 : failures / calls,
        ...(p50 === undefined ? {} : { p50LatencyMs: p50 }),
        ...(p95 === undefined ? {} : { p95LatencyMs: p95 }),
      };
    },
  };
}
