/**
 * `mapSite`: the URLs of a site, from its sitemap and the links of one page, both read through
 * Quarry's scrape (the guarded fetch engine, metered and cached like any scrape: one credit for
 * the page, one for a sitemap that exists). Kept small on purpose: Firecrawl's `/map` (helper
 * `compat`) covers the same need and the two can share one implementation.
 */
import { CompatError } from '../compat/compat-error.js';
import type { QuarryRest } from '../compat/quarry-rest.js';
import { isRequestLevelFailure, scrapeVia } from '../compat/scrape-bridge.js';

export const MAP_DEFAULT_LIMIT = 100;
export const MAP_MAX_LIMIT = 5000;

export interface SiteMap {
  readonly url: string;
  readonly links: string[];
}

/** The URL without its fragment, when it is http(s) on the same host as `site`. */
function sameSite(candidate: string, site: URL): string | undefined {
  let url: URL;
  try {
    url = new URL(candidate, site);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname !== site.hostname) return undefined;
  url.hash = '';
  return url.href;
}

export async function mapSite(rest: QuarryRest, apiKey: string, pageUrl: string, limit = MAP_DEFAULT_LIMIT): Promise<SiteMap> {
  const page = await scrapeVia(rest, apiKey, pageUrl, ['json']);
  if (!page.ok) throw CompatError.fromRest(page.answer);
  const site = new URL(page.data.metadata.url);
  const found = new Set<string>();
  const add = (candidate: string) => {
    const url = sameSite(candidate, site);
    if (url !== undefined && found.size < limit) found.add(url);
  };
  add(page.data.metadata.url);

  // The sitemap's <loc> entries come out of the XML-to-text reader one per block.
  const sitemap = await scrapeVia(rest, apiKey, new URL('/sitemap.xml', site).href, ['text']);
  if (sitemap.ok) for (const match of (sitemap.data.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) add(match[0]);
  else if (isRequestLevelFailure(sitemap.answer.status)) throw CompatError.fromRest(sitemap.answer);

  for (const link of page.data.json?.links ?? []) add(link.url);
  return { url: page.data.metadata.url, links: [...found] };
}
