/**
 * The compatibility surfaces charge a cached answer in one step too: the Firecrawl scrape and
 * search with their own cache entries, and Jina Reader, Tavily extract and Exa contents through
 * `POST /api/v1/scrape/`. A miss (or a stale copy, or a search that also scrapes its hits) still
 * holds and settles; a hit the balance cannot cover is a 402 that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../tests/support/compat-app.js';
import { chargedInOneStep, customerWithLedger, heldAndSettled } from '../../tests/support/ledger-watch.js';
import { findChromium } from '../scrape/browser/index.js';

// PRICE_SCRAPE 1 (+ PRICE_SCRAPE_BROWSER 1, the default): a scrape that may render holds both.
const AUTO_HOLD = findChromium() ? 2 : 1;

let c: CompatApp;
beforeAll(async () => {
  c = await startCompatApp();
});
afterAll(async () => c?.close());

const post = (path: string, key: string, body: unknown) =>
  fetch(`${c.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const page = (name: string) => `${c.fixtures.url}/html/article?${name}`;

describe('the Firecrawl scrape', () => {
  it('a cached copy is one charge, on v1 and v2 alike; a miss and a stale copy hold and settle', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 20);
    const url = page('fc-scrape-1');
    const miss = await post('/v2/scrape', customer.key, { url });
    expect(miss.status).toBe(200);
    expect((await miss.json()).data.metadata).toMatchObject({ cacheState: 'miss', creditsUsed: 1 });
    expect(await ledger.next()).toEqual(heldAndSettled('firecrawl/scrape', AUTO_HOLD, 1));

    for (const version of ['v2', 'v1']) {
      const hit = await post(`/${version}/scrape`, customer.key, { url });
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect(hit.headers.get('x-credits-used')).toBe('1');
      expect((await hit.json()).data.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 1, sourceURL: url });
      expect(await ledger.next()).toEqual(chargedInOneStep('firecrawl/scrape', 1));
    }

    // A copy older than `maxAge` is not served: scraped again, held and settled.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stale = await post('/v2/scrape', customer.key, { url, maxAge: 5 });
    expect((await stale.json()).data.metadata.cacheState).toBe('miss');
    expect(await ledger.next()).toEqual(heldAndSettled('firecrawl/scrape', AUTO_HOLD, 1));
    expect(await ledger.openHolds()).toBe(0);
  });

  it('a hit the balance cannot cover is a 402 in Firecrawl shape and writes nothing; a hit needs only its own cost', async () => {
    const url = page('fc-scrape-2');
    const payer = await c.h.t.customer(10);
    expect((await post('/v2/scrape', payer.key, { url })).status).toBe(200);

    const { customer: broke, ledger } = await customerWithLedger(c.h.t, 0);
    const refused = await post('/v2/scrape', broke.key, { url });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Insufficient credits/) });
    expect(refused.headers.get('x-cache')).toBeNull();
    expect(await ledger.next()).toEqual([]);

    // The page did not need the browser: its copy costs one scrape, whatever a miss would hold.
    const one = await c.h.t.customer(1);
    const served = await post('/v2/scrape', one.key, { url });
    expect(served.status).toBe(200);
    expect(await c.balance(one.id)).toBe(0);
    await c.expectAuditClean();
  });
});

describe('the Firecrawl search', () => {
  it('a cached search without scrapeOptions is one charge; with scrapeOptions.formats it holds and settles', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 100);
    const request = { query: 'fixture', limit: 2 };
    const miss = await post('/v2/search', customer.key, request);
    expect(miss.status).toBe(200);
    const missBody = await miss.json();
    expect(await ledger.next()).toEqual(heldAndSettled('firecrawl/search', 1, 1));

    const hit = await post('/v2/search', customer.key, request);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(await hit.json()).toEqual(missBody);
    expect(await ledger.next()).toEqual(chargedInOneStep('firecrawl/search', 1));
    const v1 = await post('/v1/search', customer.key, request);
    expect((await v1.json()).data).toEqual(missBody.data.web);
    expect(await ledger.next()).toEqual(chargedInOneStep('firecrawl/search', 1));

    // Scraping the hits costs what each scrape turns out to cost: the whole call is held.
    const scraped = await post('/v2/search', customer.key, { ...request, scrapeOptions: { formats: ['markdown'] } });
    expect(scraped.status).toBe(200);
    const { creditsUsed } = (await scraped.json()) as { creditsUsed: number };
    // The search (a hit, 1) and a scrape of each of up to `limit` web hits.
    expect(await ledger.next()).toEqual(heldAndSettled('firecrawl/search', 1 + 2 * AUTO_HOLD, creditsUsed));
  });
});

describe('Jina Reader, Tavily extract and Exa contents (through POST /api/v1/scrape/)', () => {
  it('a cached page is one charge per page, no hold', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 100);
    const [a, b] = [page('bridge-a'), page('bridge-b')];

    const read = () => fetch(`${c.baseUrl}/r/${a}`, { headers: { authorization: `Bearer ${customer.key}` } });
    expect((await read()).status).toBe(200);
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', AUTO_HOLD, 1));
    expect((await read()).status).toBe(200);
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 1));

    // Tavily's markdown is the same scrape request as Jina's: `a` is cached, `b` is not yet.
    expect((await post('/tavily/extract', customer.key, { urls: [a] })).status).toBe(200);
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 1));

    const contents = () => post('/exa/contents', customer.key, { urls: [b], text: true });
    expect((await contents()).status).toBe(200);
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', AUTO_HOLD, 1));
    expect((await contents()).status).toBe(200);
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 1));
    expect(await ledger.openHolds()).toBe(0);
  });
});
