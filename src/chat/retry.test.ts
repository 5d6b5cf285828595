import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retryAfterMs } from './retry.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads seconds, an HTTP date, and OpenAI’s retry-after-ms', () => {
    expect(retryAfterMs({ 'retry-after': '3' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }, now)).toBe(5000);
    expect(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '3' }, now)).toBe(250);
  });

  it('is undefined when absent or unreadable, and never negative', () => {
    expect(retryAfterMs({}, now)).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }, now)).toBe(0);
  });
});

describe('backoffDelayMs', () => {
  const options = { baseDelayMs: 100, maxDelayMs: 1000 };

  it('doubles each attempt, with between half and all of the step', () => {
    expect(backoffDelayMs(0, options, () => 0)).toBe(50);
    expect(backoffDelayMs(0, options, () => 1)).toBe(100);
    expect(backoffDelayMs(2, options, () => 0)).toBe(200);
    expect(backoffDelayMs(2, options, () => 1)).toBe(400);
  });

  it('is capped', () => {
    expect(backoffDelayMs(20, options, () => 1)).toBe(1000);
  });
});
