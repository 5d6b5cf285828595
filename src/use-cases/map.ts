/**
 * Map as an operation: the URLs of a site, from its sitemaps (those robots.txt names, else
 * /sitemap.xml, following sitemap indexes) and the links of one page, all fetched through the
 * guarded fetch engine. One implementation for Firecrawl's `/v1/map` and `/v2/map` and the MCP
 * `map` tool; each surface says how it prices a map (`MapPricing`) and meters it as one operation.
 */
import { parseRobots, parseSitemap, sitemapText } from '../crawl/index.js';
import type { WorkOutcome } from '../credits/index.js';
import type { PageFacts } from '../scrape/extract/index.js';
import { targetStatusError, parseScrapeRequest } from '../scrape/index.js';
import type { FetchEngine } from '../scrape/net/index.js';

const MAX_SITEMAPS = 20;

export interface MapInput {
  /** An absolute http(s) URL (see `mapUrl`). */
  readonly url: string;
  readonly sitemap: 'include' | 'skip' | 'only';
  /** Only links whose URL or title contains this (lower-case) text. */
  readonly search?: string;
  readonly includeSubdomains: boolean;
  readonly ignoreQueryParameters: boolean;
  readonly limit: number;
  /** Where the sitemap's entries go: after the page's links (Firecrawl) or before them (MCP). Default after. */
  readonly sitemapFirst?: boolean;
  /** A page that answers outside 2xx fails the map (ScrapeError `target_status`) instead of giving its links. */
  readonly pageMustSucceed?: boolean;
}

export interface MapLink {
  readonly url: string;
  readonly title?: string;
}

export interface MapOutput {
  /** The page the map started from, after redirects (the asked URL when only sitemaps were read). */
  readonly url: string;
  readonly links: MapLink[];
  /** Whether a sitemap was read (a site without one costs less where a sitemap is priced). */
  readonly sitemapFound: boolean;
}

/** What a map costs: its page, plus `sitemap` when the site had one. */
export interface MapPricing {
  readonly page: number;
  readonly sitemap: number;
}

/** The index's reading of a page (links, title), run off the event loop by the app's worker pool. */
export type ReadPage = (html: string, url: string) => Promise<PageFacts>;

export interface MapUseCaseDeps {
  readonly fetchEngine: FetchEngine;
  /** `CRAWL_USER_AGENT`, whose robots.txt group names the sitemaps. */
  readonly userAgent: string;
  readonly readPage: ReadPage;
  readonly pricing: MapPricing;
}

export interface MapUseCase {
  /** The most a map can cost: the hold. */
  readonly maxCost: number;
  /** The site's links and their cost; rejects with the fetch engine's errors when the page itself cannot be fetched. */
  run(input: MapInput, signal: AbortSignal): Promise<WorkOutcome<MapOutput>>;
}

/** The page URL of a map, normalised; InvalidInputError (`url: Enter a valid URL.`) unless fully qualified http(s). */
export function mapUrl(raw: string): string {
  return parseScrapeRequest({ url: raw, formats: ['markdown'] }).input.url;
}

/** What the start page gave: its final URL, itself (when it is HTML) and its links. */
interface PageLinks {
  readonly url: string;
  readonly self: MapLink[];
  readonly links: MapLink[];
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export function createMapUseCase(deps: MapUseCaseDeps): MapUseCase {
  const { fetchEngine, userAgent, readPage, pricing } = deps;

  async function sitemapPages(origin: string, signal: AbortSignal, limit: number): Promise<{ pages: string[]; found: boolean }> {
    let listed: readonly string[] = [];
    const robots = await fetchEngine.fetch(new URL('/robots.txt', origin), { signal }).catch(() => undefined);
    if (robots !== undefined && isSuccess(robots.status)) listed = parseRobots(robots.text ?? robots.body.toString('utf8'), userAgent, origin).sitemaps;
    const pending = listed.length > 0 ? [...listed] : [new URL('/sitemap.xml', origin).href];
    const seen = new Set<string>();
    const pages: string[] = [];
    let found = false;
    while (pending.length > 0 && seen.size < MAX_SITEMAPS && pages.length < limit) {
      const next = pending.shift() ?? '';
      if (seen.has(next)) continue;
      seen.add(next);
      const response = await fetchEngine.fetch(new URL(next), { signal }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        // A missing or broken sitemap only means fewer links.
        return undefined;
      });
      if (response === undefined || !isSuccess(response.status)) continue;
      found = true;
      const entries = parseSitemap(sitemapText(response.body), response.finalUrl);
      pending.push(...entries.sitemaps);
      pages.push(...entries.pages);
    }
    return { pages, found };
  }

  async function pageLinks(start: URL, input: MapInput, signal: AbortSignal): Promise<PageLinks> {
    const page = await fetchEngine.fetch(start, { signal });
    if (input.pageMustSucceed && !isSuccess(page.status)) throw targetStatusError(page.status);
    if (page.text === undefined || (page.contentType !== undefined && !page.contentType.includes('html'))) return { url: page.finalUrl, self: [], links: [] };
    const facts = await readPage(page.text, page.finalUrl);
    return {
      url: page.finalUrl,
      self: [{ url: page.finalUrl, ...(facts.extracted.title === undefined ? {} : { title: facts.extracted.title }) }],
      links: facts.links.map((url) => ({ url })),
    };
  }

  async function run(input: MapInput, signal: AbortSignal): Promise<WorkOutcome<MapOutput>> {
    const start = new URL(input.url);
    const page = input.sitemap === 'only' ? { url: start.href, self: [], links: [] } : await pageLinks(start, input, signal);
    const sitemap = input.sitemap === 'skip' ? { pages: [], found: false } : await sitemapPages(start.origin, signal, input.limit * 2);
    const fromSitemap: MapLink[] = sitemap.pages.map((url) => ({ url }));
    const found = input.sitemapFirst ? [...page.self, ...fromSitemap, ...page.links] : [...page.self, ...page.links, ...fromSitemap];

    const host = start.hostname.replace(/^www\./, '');
    const inSite = (url: URL) => url.hostname.replace(/^www\./, '') === host || (input.includeSubdomains && url.hostname.endsWith(`.${host}`));
    const byUrl = new Map<string, MapLink>();
    for (const link of found) {
      const url = new URL(link.url);
      if (!inSite(url)) continue;
      url.hash = '';
      if (input.ignoreQueryParameters) url.search = '';
      if (input.search !== undefined && !url.href.toLowerCase().includes(input.search) && !(link.title ?? '').toLowerCase().includes(input.search)) continue;
      if (!byUrl.has(url.href)) byUrl.set(url.href, { ...link, url: url.href });
    }
    const links = [...byUrl.values()].slice(0, input.limit);
    return { body: { url: page.url, links, sitemapFound: sitemap.found }, cost: pricing.page + (sitemap.found ? pricing.sitemap : 0) };
  }

  return { maxCost: pricing.page + pricing.sitemap, run };
}
