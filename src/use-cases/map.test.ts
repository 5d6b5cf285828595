/**
 * The map use case on a real loopback site through the guarded fetch engine: the page's links and
 * the sitemap's entries, on the site only, in the order each surface asks for, priced as each says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSitemapSite, type SitemapSite } from '../../tests/support/sitemap-site.js';
import { readPage } from '../scrape/extract/index.js';
import { createFetchEngine } from '../scrape/net/index.js';
import { createMapUseCase, mapUrl, type MapInput } from './map.js';

let site: SitemapSite;
beforeAll(async () => {
  site = await startSitemapSite();
});
afterAll(async () => site?.close());

function mapper(pricing: { page: number; sitemap: number }) {
  const fetchEngine = createFetchEngine({ allowedHosts: [site.host], retry: { maxRetries: 0 } });
  return createMapUseCase({ fetchEngine, userAgent: 'QuarryBot/1.0', readPage: async (html, url) => readPage(html, url), pricing });
}

const input = (overrides: Partial<MapInput> = {}): MapInput => ({
  url: `${site.url}/`,
  sitemap: 'include',
  includeSubdomains: false,
  ignoreQueryParameters: true,
  limit: 100,
  ...overrides,
});

describe('map use case', () => {
  it("lists the page, its links, then the sitemap's entries, on the site only (Firecrawl's order)", async () => {
    const { body, cost } = await mapper({ page: 1, sitemap: 0 }).run(input(), new AbortController().signal);
    expect(body.links.map((link) => link.url)).toEqual([`${site.url}/`, `${site.url}/about`, `${site.url}/docs/one`, `${site.url}/docs/two`]);
    expect(body.links[0]!.title).toBe('Sitemap site');
    expect(body.sitemapFound).toBe(true);
    expect(cost).toBe(1);
  });

  it("puts the sitemap's entries first when asked (MCP's order) and charges the sitemap where it is priced", async () => {
    const map = mapper({ page: 2, sitemap: 2 });
    expect(map.maxCost).toBe(4);
    const { body, cost } = await map.run(input({ sitemapFirst: true, limit: 3 }), new AbortController().signal);
    expect(body.links.map((link) => link.url)).toEqual([`${site.url}/`, `${site.url}/docs/one`, `${site.url}/docs/two`]);
    expect(cost).toBe(4);
    const skipped = await map.run(input({ sitemap: 'skip' }), new AbortController().signal);
    expect(skipped.cost).toBe(2);
  });

  it('fails on a page that answered outside 2xx when the surface asks, and refuses a URL that is not http(s)', async () => {
    await expect(
      mapper({ page: 1, sitemap: 1 }).run(input({ url: `${site.url}/missing`, pageMustSucceed: true }), new AbortController().signal),
    ).rejects.toThrow('The target answered 404 Not Found.');
    expect(() => mapUrl('ftp://example.com/')).toThrow('Invalid input');
  });
});
