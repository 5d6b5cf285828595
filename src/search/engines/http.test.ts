import { describe, expect, it } from 'vitest';
import { looksLikeBlockPage } from './block-page.js';
import { retryAfterSeconds } from './http.js';
import { collectByOffset, collectNumberedPages, rangeOf } from './paging.js';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    const now = Date.parse('Sun, 22 Nov 2026 05:00:00 GMT');
    expect(retryAfterSeconds('Sun, 22 Nov 2026 05:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('block pages', () => {
  it('recognises CAPTCHA and bot walls but not ordinary pages', () => {
    expect(looksLikeBlockPage('<html><title>Just a moment...</title><div id="cf-chl-widget"></div></html>')).toBe(true);
    expect(looksLikeBlockPage('<p>Our systems have detected unusual traffic from your computer network.</p>')).toBe(true);
    expect(looksLikeBlockPage('<html><body><div class="result">A recipe for bread</div></body></html>')).toBe(false);
  });
});

describe('paging', () => {
  const upstream = Array.from({ length: 45 }, (_, i) => i);

  it('fetches the numbered pages covering a range that does not start on a page boundary', async () => {
    const asked: number[] = [];
    const items = await collectNumberedPages(rangeOf({ page: 2, num: 30 }), 20, 10, async (page) => {
      asked.push(page);
      return upstream.slice((page - 1) * 20, page * 20);
    });
    expect(asked).toEqual([2, 3]);
    expect(items).toEqual(upstream.slice(30, 45));
  });

  it('stops at a short page and at the upstream page cap', async () => {
    const asked: number[] = [];
    const items = await collectNumberedPages({ start: 0, count: 100 }, 20, 2, async (page) => {
      asked.push(page);
      return upstream.slice((page - 1) * 20, page * 20);
    });
    expect(asked).toEqual([1, 2]);
    expect(items).toHaveLength(40);
  });

  it('asks offset APIs in slices of at most the per-call cap', async () => {
    const calls: [number, number][] = [];
    const items = await collectByOffset({ start: 5, count: 25 }, 10, async (offset, limit) => {
      calls.push([offset, limit]);
      return upstream.slice(offset, offset + limit);
    });
    expect(calls).toEqual([
      [5, 10],
      [15, 10],
      [25, 5],
    ]);
    expect(items).toEqual(upstream.slice(5, 30));
  });
});
