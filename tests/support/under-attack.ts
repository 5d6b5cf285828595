/**
 * Runs an attack against a server that lives in this process and measures what everyone else
 * saw meanwhile: /healthz latency sampled every 20 ms from when each probe was due, and the
 * longest stretch the event loop ran code without yielding (main-thread CPU time per gap, so a
 * shared machine that merely does not schedule us is not counted as our stall).
 *
 * The promise "no request freezes the server" is checked in its machine-independent form: the
 * loop never runs our code for more than `STALL_BOUND_MS` at a stretch. Wall-clock p99 is held
 * under a bound that a loaded two-core CI machine still meets; `npm run bench:attacks` measures
 * the strict goal (p99 ≤ 100 ms) on a quiet machine.
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { percentile, probeLatency } from './latency-probe.js';
import { monitorLoopStalls } from './loop-stalls.js';

/** Longest time the main thread may run our code without yielding while an attack runs. */
export const STALL_BOUND_MS = 100;
/** /healthz p99 while an attack runs, as a shared two-core machine still meets it (before the fixes: seconds to hours). */
export const HEALTHZ_P99_BOUND_MS = 1_000;

export interface AttackReport<T> {
  readonly result: T;
  readonly healthzP50Ms: number;
  readonly healthzP99Ms: number;
  readonly longestCpuBoundMs: number;
  readonly summary: string;
}

/** Runs `attack` while probing `${base}/healthz`; returns its result with the figures. */
export async function measureUnderAttack<T>(base: string, attack: () => Promise<T>): Promise<AttackReport<T>> {
  const stalls = monitorLoopStalls();
  const probe = probeLatency(`${base}/healthz`);
  let result: T;
  try {
    result = await attack();
  } finally {
    // Give the probe a few more turns so a stall at the very end is still seen.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const latencies = await probe.stop();
  const { longestGapMs, longestCpuBoundMs } = stalls.stop();
  const healthzP50Ms = percentile(latencies, 50);
  const healthzP99Ms = percentile(latencies, 99);
  const summary =
    `healthz p50 ${healthzP50Ms.toFixed(1)} ms, p99 ${healthzP99Ms.toFixed(1)} ms over ${latencies.length} probes; ` +
    `longest loop gap ${longestGapMs.toFixed(0)} ms, of which CPU ${longestCpuBoundMs.toFixed(0)} ms`;
  const report = { result, healthzP50Ms, healthzP99Ms, longestCpuBoundMs, summary };
  recordForBench(report);
  return report;
}

/**
 * `npm run bench:attacks` runs the attack tests one file at a time and names a file in
 * QUARRY_ATTACK_REPORT: each measurement is appended there as a JSON line for its table.
 */
function recordForBench(report: AttackReport<unknown>): void {
  const file = process.env.QUARRY_ATTACK_REPORT;
  if (!file) return;
  const { healthzP50Ms, healthzP99Ms, longestCpuBoundMs } = report;
  appendFileSync(file, `${JSON.stringify({ test: expect.getState().currentTestName ?? '?', healthzP50Ms, healthzP99Ms, longestCpuBoundMs })}\n`);
}

/** The assertions every attack test makes: the server kept answering everyone else. */
export function expectServerStayedResponsive(report: AttackReport<unknown>): void {
  expect(report.longestCpuBoundMs, report.summary).toBeLessThan(STALL_BOUND_MS);
  expect(report.healthzP99Ms, report.summary).toBeLessThan(HEALTHZ_P99_BOUND_MS);
}
