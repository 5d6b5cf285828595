/**
 * Firecrawl's `changeTracking` format driven by the real `@mendable/firecrawl-js` client (v2 and
 * its v1 client) against Quarry on loopback, over a page the test changes between scrapes.
 */
import type { AddressInfo } from 'node:net';
import Firecrawl, { SdkError, type FormatOption } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';
import { startHtmlSite, type HtmlSite } from '../../../tests/support/html-site.js';
import { expectAuditClean } from '../../../tests/support/ledger-watch.js';

interface Tracked {
  previousScrapeAt: string | null;
  changeStatus: string;
  visibility: string;
  diff?: { text: string; json: { files: { chunks: { changes: { type: string; content: string }[] }[] }[] } };
}

const pages = new Map<string, string>();
const page = (body: string) => `<!doctype html><html><head><title>Notice</title></head><body><main><h1>Notice</h1><p>${body}</p></main></body></html>`;

let site: HtmlSite;
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  site = await startHtmlSite((url) => pages.get(url.pathname));
  t = await startTestApp({ SCRAPE_ALLOWED_HOSTS: site.host, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' });
  await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const client = (key: string) => new Firecrawl({ apiKey: key, apiUrl: baseUrl });
const tracked = (doc: { changeTracking?: Record<string, unknown> }) => doc.changeTracking as unknown as Tracked;

describe('changeTracking through firecrawl-js', () => {
  it('reads new, changed with a git diff, then same (v2); another account gets new', async () => {
    const customer = await t.customer(100);
    const firecrawl = client(customer.key);
    const url = `${site.url}/notice`;
    const formats: FormatOption[] = ['markdown', { type: 'changeTracking', modes: ['git-diff'] }];
    pages.set('/notice', page('The office is open on Saturdays from nine to noon.'));
    const first = await firecrawl.scrape(url, { formats });
    expect(tracked(first)).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
    expect(first.markdown).toContain('open on Saturdays');

    pages.set('/notice', page('The office is closed on Saturdays until further notice.'));
    const second = await firecrawl.scrape(url, { formats });
    const change = tracked(second);
    expect(change.changeStatus).toBe('changed');
    expect(Date.parse(change.previousScrapeAt!)).not.toBeNaN();
    expect(change.diff!.text).toContain('+The office is closed on Saturdays until further notice.');
    expect(change.diff!.json.files[0]!.chunks[0]!.changes.some((c) => c.type === 'del' && c.content.includes('open on Saturdays'))).toBe(true);

    const third = await firecrawl.scrape(url, { formats });
    expect(tracked(third)).toMatchObject({ changeStatus: 'same', visibility: 'visible' });
    expect(third.metadata?.cacheState).toBe('miss');

    const other = await t.customer(100);
    expect(tracked(await client(other.key).scrape(url, { formats }))).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    expect(await t.quarry.services.ledger.balance(customer.id)).toBeLessThan(100);
    await expectAuditClean(t);
  });

  it('takes the bare format (status only, no diff), tags, and v1 changeTrackingOptions', async () => {
    const customer = await t.customer(100);
    const firecrawl = client(customer.key);
    const url = `${site.url}/v1`;
    pages.set('/v1', page('First version of the page.'));
    expect(tracked(await firecrawl.scrape(url, { formats: ['markdown', 'changeTracking'] })).changeStatus).toBe('new');
    const v1 = await firecrawl.v1.scrapeUrl(url, { formats: ['markdown', 'changeTracking'], changeTrackingOptions: { modes: ['git-diff'], tag: 'weekly' } });
    expect(v1.success && v1.changeTracking?.changeStatus).toBe('new');
    pages.set('/v1', page('Second version of the page.'));
    const bare = tracked(await firecrawl.scrape(url, { formats: ['markdown', 'changeTracking'] }));
    expect(bare.changeStatus).toBe('changed');
    expect(bare.diff).toBeUndefined();
    const again = await firecrawl.v1.scrapeUrl(url, { formats: ['markdown', 'changeTracking'], changeTrackingOptions: { modes: ['git-diff'], tag: 'weekly' } });
    expect(again.success && again.changeTracking?.diff?.text).toContain('+Second version of the page.');
  });

  it('refuses the json mode and unknown options with a 400 naming them, charging nothing', async () => {
    const customer = await t.customer(100);
    const firecrawl = client(customer.key);
    const url = `${site.url}/notice`;
    const json = await firecrawl
      .scrape(url, { formats: ['markdown', { type: 'changeTracking', modes: ['json'], prompt: 'the opening hours' }] })
      .catch((e: unknown) => e);
    expect(json).toBeInstanceOf(SdkError);
    expect((json as SdkError).status).toBe(400);
    expect((json as SdkError).message).toMatch(/formats\[1\]\.modes: the "json" mode .* is not available yet/);
    const res = await fetch(`${baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, formats: [{ type: 'changeTracking', colour: 'red' }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('formats[0].colour');
    const crawl = await fetch(`${baseUrl}/v2/crawl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, scrapeOptions: { formats: ['changeTracking'] } }),
    });
    expect(crawl.status).toBe(400);
    expect(await crawl.text()).toContain('changeTracking is supported on /scrape only');
    expect(await t.quarry.services.ledger.balance(customer.id)).toBe(100);
  });
});
