/**
 * Tavily and Exa run search and scrape in process as ONE metered operation each, and report a
 * page's true publication date (Quarry's REST search still says how long ago, as it always has).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../tests/support/compat-app.js';
import { customerWithLedger, heldAndSettled } from '../../tests/support/ledger-watch.js';
import { findChromium } from '../scrape/browser/index.js';

// PRICE_SCRAPE 1 (+ PRICE_SCRAPE_BROWSER 1, the default): a scrape that may render holds both.
const AUTO_HOLD = findChromium() ? 2 : 1;
const DATED_URL = 'https://dated.example/quokka-report';
const simple = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

let c: CompatApp;
beforeAll(async () => {
  c = await startCompatApp();
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quokka marmalade report</title>' +
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Quokka marmalade report', datePublished: '2025-03-14T09:30:00Z' })}</script>` +
    '</head><body><main><article><h1>Quokka marmalade report</h1><p>The quokka marmalade harvest was reported on a Friday in March, with many details about jars.</p></article></main></body></html>';
  // A page of the scraper fixture site, found by its own words, so that its raw content can be read.
  const readable = simple('Wombat ledger notes', 'Wombat ledger notes about one hold and one charge for a whole unit of work.');
  await c.h.index(
    [
      { name: 'dated', url: DATED_URL, html },
      { name: 'readable', url: `${c.fixtures.url}/html/article?wombat`, html: readable },
    ],
    new Date(Date.UTC(2025, 5, 1)),
  );
});
afterAll(async () => c?.close());

const post = (path: string, key: string, body: unknown) =>
  fetch(`${c.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('true dates at the edge', () => {
  it('a page published on 2025-03-14 is reported as published on 2025-03-14 by /tavily/search and /exa/search', async () => {
    const customer = await c.h.t.customer(20);
    const tavily = await post('/tavily/search', customer.key, { query: 'quokka marmalade', max_results: 3 });
    expect(tavily.status).toBe(200);
    const tavilyHit = ((await tavily.json()) as { results: { url: string; published_date?: string }[] }).results.find((r) => r.url === DATED_URL);
    expect(tavilyHit?.published_date).toBe('2025-03-14T09:30:00.000Z');

    const exa = await fetch(`${c.baseUrl}/exa/search`, {
      method: 'POST',
      headers: { 'x-api-key': customer.key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'quokka marmalade', numResults: 3, contents: false }),
    });
    expect(exa.status).toBe(200);
    const exaHit = ((await exa.json()) as { results: { url: string; publishedDate: string | null }[] }).results.find((r) => r.url === DATED_URL);
    expect(exaHit?.publishedDate).toBe('2025-03-14T09:30:00.000Z');

    // Quarry's own REST search renders the same date relative to now, as it always has.
    const rest = await fetch(`${c.baseUrl}/api/v1/search`, {
      method: 'POST',
      headers: { 'x-api-key': customer.key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'quokka marmalade', limit: 3 }),
    });
    const restHit = ((await rest.json()) as { data: { web: { url: string; date?: string }[] } }).data.web.find((r) => r.url === DATED_URL);
    expect(restHit?.date).toMatch(/ ago$/);
  });

  it('a result without a known date has none in Tavily and null in Exa', async () => {
    const customer = await c.h.t.customer(20);
    const tavily = (await (await post('/tavily/search', customer.key, { query: 'basic fixture', max_results: 5 })).json()) as {
      results: { published_date?: string }[];
    };
    for (const result of tavily.results) if (result.published_date !== undefined) expect(Number.isNaN(Date.parse(result.published_date))).toBe(false);
  });
});

describe('one unit of work, one metered operation', () => {
  it('a Tavily search with include_raw_content is one hold and one charge of the search and its scrapes', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 20);
    const answer = await post('/tavily/search', customer.key, {
      query: 'wombat ledger',
      max_results: 1,
      include_raw_content: 'markdown',
      include_usage: true,
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { results: { raw_content?: string | null }[]; usage: { credits: number } };
    expect(body.results).toHaveLength(1);
    expect(body.results[0]!.raw_content).toEqual(expect.stringMatching(/\S/));
    // PRICE_SEARCH_SOURCE 1 + PRICE_SCRAPE 1 for the one page, held as one (the scrape at its most) and charged once.
    expect(await ledger.next()).toEqual(heldAndSettled('search', 1 + AUTO_HOLD, 2));
    expect(body.usage.credits).toBe(2);
    expect(await ledger.openHolds()).toBe(0);
    await c.expectAuditClean();
  });

  it('a Tavily search refused for want of credits writes nothing', async () => {
    const { customer, ledger } = await customerWithLedger(c.h.t, 1);
    const answer = await post('/tavily/search', customer.key, { query: 'basic fixture', max_results: 3, include_raw_content: true });
    expect(answer.status).toBe(432);
    expect(await ledger.next()).toEqual([]);
  });
});
