/**
 * A scrape served from the cache has a known cost, that of the stored scrape (the browser's
 * surcharge only when it rendered): one `charge` entry, no hold and release. A miss holds the
 * most the render mode can cost and settles; a hit the balance cannot cover is a 402 that writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargedInOneStep, customerWithLedger, expectRefusedUnwritten, heldAndSettled, usageTotal } from '../../tests/support/ledger-watch.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';
import { findChromium } from './browser/index.js';

const chromium = findChromium();
// PRICE_SCRAPE 2, PRICE_SCRAPE_BROWSER 3: what `render: "auto"` holds depends on whether a browser could be used.
const AUTO_HOLD = chromium ? 5 : 2;
const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;

describe('a cached scrape is charged in one step (PRICE_SCRAPE 2, PRICE_SCRAPE_BROWSER 3)', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { PRICE_SCRAPE: '2', PRICE_SCRAPE_BROWSER: '3' } });
  });
  afterAll(async () => h?.close());

  it('render "auto" on a page that needs no browser: the miss holds the most and charges one scrape, the hit is one charge of one scrape', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 20);
    const request = { url: `${h.site.url}/html/article?one-step-1`, formats: ['markdown'] };
    const miss = await h.scrape(c.key, request);
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', AUTO_HOLD, 2));

    const hit = await h.scrape(c.key, request);
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('2');
    expect(hit.headers['x-credits-remaining']).toBe('16');
    expect(hit.json().data.metadata.cache).toBe('hit');
    expect(hit.json().data.markdown).toBe(miss.json().data.markdown);
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 2));
    expect(await ledger.openHolds()).toBe(0);

    expect(await usageTotal(h.t, c.access)).toEqual({ requests: 2, credits: 4, failed: 0 });
  });

  it('`use_cache: false` and a failed scrape still hold and settle or release', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 20);
    const request = { url: `${h.site.url}/html/basic?one-step-2`, formats: ['text'], render: 'never' };
    await h.scrape(c.key, request);
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', 2, 2));
    expect((await h.scrape(c.key, { ...request, use_cache: false })).headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', 2, 2));
    const failed = await h.scrape(c.key, { url: `${h.site.url}/status/404`, formats: ['text'], render: 'never' });
    expect(failed.statusCode).toBe(502);
    expect(await ledger.next()).toEqual([
      { kind: 'hold', amount: -2, endpoint: 'scrape' },
      { kind: 'release', amount: 2, endpoint: 'scrape' },
    ]);
    expect(await usageTotal(h.t, c.access)).toEqual({ requests: 3, credits: 4, failed: 1 });
  });

  it('a hit the balance cannot cover is a 402 with the contract body, and writes nothing', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 3);
    const request = { url: `${h.site.url}/html/article?one-step-3`, formats: ['text'], render: 'never' };
    expect((await h.scrape(c.key, request)).statusCode).toBe(200);
    await ledger.next();
    await expectRefusedUnwritten(await h.scrape(c.key, request), ledger, 1);
    expect(await h.balance(c.id)).toBe(1);
    await h.expectAuditClean();
  });

  it.skipIf(!chromium)('a hit of a page the browser rendered keeps the surcharge, in one charge', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 20);
    const request = { url: `${h.site.url}/js/rendered?one-step-4`, formats: ['text'] };
    const miss = await h.scrape(c.key, request);
    expect(miss.statusCode, miss.body).toBe(200);
    expect(miss.json().data.metadata.engine).toBe('browser');
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', 5, 5));
    const hit = await h.scrape(c.key, request);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('5');
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 5));
  });
});

describe('CACHE_HIT_CHARGE free', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { CACHE_HIT_CHARGE: 'free' } });
  });
  afterAll(async () => h?.close());

  it('a free hit is one charge of nothing', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 5);
    const request = { url: `${h.site.url}/html/article?one-step-free`, formats: ['text'], render: 'never' };
    await h.scrape(c.key, request);
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', 1, 1));
    const hit = await h.scrape(c.key, request);
    expect(hit.headers['x-credits-used']).toBe('0');
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 0));
  });
});

describe.runIf(REDIS_URL)('with the cache in Redis (REDIS_URL)', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => h?.close());

  it('a hit from Redis is one charge; one the balance cannot cover is a 402 that writes nothing', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 2);
    // Redis outlives the test database: a URL of its own keeps an earlier run's entry out.
    const request = { url: `${h.site.url}/html/article?redis-${randomUUID()}`, formats: ['text'], render: 'never' };
    expect((await h.scrape(c.key, request)).headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', 1, 1));
    const hit = await h.scrape(c.key, request);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 1));
    await expectRefusedUnwritten(await h.scrape(c.key, request), ledger, 0);
    await h.expectAuditClean();
  });
});
