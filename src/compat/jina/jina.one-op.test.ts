/**
 * Jina Reader runs in process over the search and scrape use cases: a search that reads its
 * results is ONE metered operation (one hold, one ledger charge of the search and the pages read),
 * and `publishedTime` is the page's true publication date, not an age turned back into a date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';
import { chargedInOneStep, customerWithLedger, heldAndSettled } from '../../../tests/support/ledger-watch.js';
import { findChromium } from '../../scrape/browser/index.js';

// PRICE_SCRAPE 1 (+ PRICE_SCRAPE_BROWSER 1, the default): a scrape that may render holds both.
const AUTO_HOLD = findChromium() ? 2 : 1;
const PUBLISHED = '2025-03-14T09:30:00.000Z';

let c: CompatApp;
let datedUrl: string;
let brokenUrl: string;
beforeAll(async () => {
  c = await startCompatApp();
  // Two pages the search finds by the same words: one readable on the fixture site, one that answers 404.
  datedUrl = `${c.fixtures.url}/html/article?numbat-dated`;
  brokenUrl = `${c.fixtures.url}/status/404?numbat-broken`;
  const dated =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Numbat parchment almanac</title>' +
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Numbat parchment almanac', datePublished: PUBLISHED })}</script>` +
    '</head><body><main><article><h1>Numbat parchment almanac</h1><p>The numbat parchment almanac was published on a Friday in March, with notes on ink.</p></article></main></body></html>';
  const broken =
    '<!doctype html><html lang="en"><head><title>Numbat parchment errata</title></head><body><main><h1>Numbat parchment errata</h1>' +
    '<p>Errata of the numbat parchment almanac, a page that has since gone away.</p></main></body></html>';
  await c.h.index(
    [
      { name: 'numbat-dated', url: datedUrl, html: dated },
      { name: 'numbat-broken', url: brokenUrl, html: broken },
    ],
    new Date(Date.UTC(2025, 5, 1)),
  );
});
afterAll(async () => c?.close());

interface Found {
  readonly url: string;
  readonly content: string;
  readonly publishedTime?: string;
}

const search = (key: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${c.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...headers } });

describe('Jina search with content, one metered operation', () => {
  it('holds the search and the most each read can cost once, and charges the search and the pages read once', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 20);
    const res = await search(customer.key, '/s/numbat%20parchment?count=2');
    expect(res.status).toBe(200);
    const pages = ((await res.json()) as { data: Found[] }).data;
    expect(pages.map((page) => page.url).sort()).toEqual([brokenUrl, datedUrl].sort());

    const dated = pages.find((page) => page.url === datedUrl)!;
    expect(dated.content).toMatch(/\S/);
    // The page that cannot be read keeps its listing, with no content, and costs nothing.
    expect(pages.find((page) => page.url === brokenUrl)!.content).toBe('');

    // PRICE_SEARCH_SOURCE 1 + 2 reads at their most, held once; the search and the one page read, charged once.
    expect(await ledger.next()).toEqual(heldAndSettled('search', 1 + 2 * AUTO_HOLD, 2));
    expect(await ledger.openHolds()).toBe(0);
    await c.expectAuditClean();
  });

  it('is refused whole, writing nothing, when the balance cannot cover the hold', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 1);
    const res = await search(customer.key, '/s/numbat%20parchment?count=2');
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 402, name: 'InsufficientBalanceError' });
    expect(await ledger.next()).toEqual([]);
  });
});

describe('true dates at the edge', () => {
  it('reports a page published on 2025-03-14 as published on 2025-03-14, with or without content', async () => {
    const customer = await c.h.t.customer(20);
    for (const headers of [{ 'x-respond-with': 'no-content' }, {}] as Record<string, string>[]) {
      const res = await search(customer.key, '/s/numbat%20parchment?count=2', headers);
      expect(res.status).toBe(200);
      const pages = ((await res.json()) as { data: Found[] }).data;
      expect(pages.find((page) => page.url === datedUrl)?.publishedTime).toBe(PUBLISHED);
    }
    const text = await (await search(customer.key, '/s/numbat%20parchment?count=2', { accept: 'text/plain', 'x-respond-with': 'no-content' })).text();
    expect(text).toContain(`Published Time: ${PUBLISHED}`);
  });

  it('a listing from the cache is one charge, and keeps the true date', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 20);
    const listing = () => search(customer.key, '/s/numbat%20almanac?count=1', { 'x-respond-with': 'no-content' });
    expect((await listing()).status).toBe(200);
    expect(await ledger.next()).toEqual(heldAndSettled('search', 1, 1));
    const hit = ((await (await listing()).json()) as { data: Found[] }).data;
    expect(await ledger.next()).toEqual(chargedInOneStep('search', 1));
    expect(hit[0]?.publishedTime).toBe(PUBLISHED);
  });
});

describe('Jina read in html mode', () => {
  it('is one scrape held and settled, and a cached copy is one charge', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 20);
    const read = () =>
      fetch(`${c.baseUrl}/r/${c.fixtures.url}/html/basic?jina-html`, { headers: { authorization: `Bearer ${customer.key}`, 'x-return-format': 'html' } });
    const miss = await read();
    expect(miss.status).toBe(200);
    expect(await miss.text()).toMatch(/<p[^>]*>Hello from the fixture site\.<\/p>/);
    expect(await ledger.next()).toEqual(heldAndSettled('scrape', AUTO_HOLD, 1));
    const hit = await read();
    expect(await hit.text()).toMatch(/<p[^>]*>Hello from the fixture site\.<\/p>/);
    expect(await ledger.next()).toEqual(chargedInOneStep('scrape', 1));
  });
});

describe('Jina read bounds', () => {
  it("refuses a URL longer than the REST scrape's bound with its words, fetching and charging nothing", async () => {
    const customer = await c.h.t.customer(5);
    const res = await fetch(`${c.baseUrl}/r/${c.fixtures.url}/html/basic?${'q'.repeat(8192)}`, {
      headers: { authorization: `Bearer ${customer.key}`, accept: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, name: 'ParamValidationError', message: 'url: Ensure this field has no more than 8192 characters.' });
    expect(await c.balance(customer.id)).toBe(5);
  });
});
