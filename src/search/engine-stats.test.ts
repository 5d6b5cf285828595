import { describe, it, expect } from 'vitest';
import { createEngineStats } from './engine-stats.js';

describe('engine stats', () => {
  it('has no latency figures before the first call', () => {
    expect(createEngineStats().snapshot()).toEqual({ calls: 0, errorRate: 0 });
  });

  it('computes nearest-rank percentiles and the error rate', () => {
    const stats = createEngineStats();
    for (let ms = 1; ms <= 100; ms++) stats.record(ms, ms % 10 !== 0);
    expect(stats.snapshot()).toEqual({ calls: 100, errorRate: 0.1, p50LatencyMs: 50, p95LatencyMs: 95 });
  });

  it('forgets calls older than the window', () => {
    const stats = createEngineStats(3);
    stats.record(1000, false);
    stats.record(10, true);
    stats.record(20, true);
    stats.record(30, true);
    expect(stats.snapshot()).toEqual({ calls: 3, errorRate: 0, p50LatencyMs: 20, p95LatencyMs: 30 });
  });

  it('refuses a window that is not a positive integer', () => {
    expect(() => createEngineStats(0)).toThrow(RangeError);
  });
});
