/**
 * Firecrawl's map: the URLs of a site, from its sitemaps (those robots.txt names, else
 * /sitemap.xml, following sitemap indexes) and the links of its page, all fetched through the
 * guarded fetch engine. One page's worth of work: charged like one scrape (`PRICE_SCRAPE`).
 */
import type { FetchEngine } from '../../scrape/net/index.js';
import { parseScrapeRequest } from '../../scrape/scrape-request.js';
import { parseRobots, parseSitemap, sitemapText } from '../../crawl/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';
import type { ReadPage } from './page-html.js';
import type { MapBody } from './schemas.js';

const MAX_SITEMAPS = 20;
const DEFAULT_LIMIT = 5000;
const KNOWN_KEYS = new Set([
  'url',
  'search',
  'sitemap',
  'ignoreSitemap',
  'sitemapOnly',
  'includeSubdomains',
  'ignoreQueryParameters',
  'limit',
  'timeout',
  'origin',
  'integration',
  'useIndex',
  'location',
]);

export interface ResolvedMap {
  readonly url: string;
  readonly sitemap: 'include' | 'skip' | 'only';
  readonly search?: string;
  readonly includeSubdomains: boolean;
  readonly ignoreQueryParameters: boolean;
  readonly limit: number;
  readonly timeoutMs?: number;
}

export interface MapLink {
  readonly url: string;
  readonly title?: string;
}

export function resolveMap(body: MapBody): ResolvedMap {
  const unknown = unknownKeys(body, KNOWN_KEYS);
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.join(', ')}`);
  const record = body as Record<string, unknown>;
  if (record.location !== undefined) throw badRequest('location (geo-targeted proxies) is not supported');
  const { input } = parseScrapeRequest({ url: body.url, formats: ['markdown'] });
  const sitemap = body.sitemap ?? (body.sitemapOnly ? 'only' : body.ignoreSitemap ? 'skip' : 'include');
  return {
    url: input.url,
    sitemap,
    ...(body.search === undefined || body.search.trim() === '' ? {} : { search: body.search.trim().toLowerCase() }),
    includeSubdomains: body.includeSubdomains ?? false,
    ignoreQueryParameters: body.ignoreQueryParameters ?? true,
    limit: body.limit ?? DEFAULT_LIMIT,
    ...(body.timeout === undefined ? {} : { timeoutMs: body.timeout }),
  };
}

/** `readPage` reads the fetched (untrusted) page off the event loop: the app's worker pool. */
export function createMapper(deps: { readonly fetchEngine: FetchEngine; readonly userAgent: string; readonly readPage: ReadPage }) {
  const { fetchEngine, userAgent, readPage } = deps;

  async function sitemapPages(origin: string, signal: AbortSignal, limit: number): Promise<string[]> {
    let listed: readonly string[] = [];
    const robots = await fetchEngine.fetch(new URL('/robots.txt', origin), { signal }).catch(() => undefined);
    if (robots !== undefined && robots.status >= 200 && robots.status < 300)
      listed = parseRobots(robots.text ?? robots.body.toString('utf8'), userAgent, origin).sitemaps;
    const pending = listed.length > 0 ? [...listed] : [new URL('/sitemap.xml', origin).href];
    const seen = new Set<string>();
    const pages: string[] = [];
    while (pending.length > 0 && seen.size < MAX_SITEMAPS && pages.length < limit) {
      const next = pending.shift() ?? '';
      if (seen.has(next)) continue;
      seen.add(next);
      const response = await fetchEngine.fetch(new URL(next), { signal }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        // A missing or broken sitemap only means fewer links.
        return undefined;
      });
      if (response === undefined || response.status < 200 || response.status >= 300) continue;
      const entries = parseSitemap(sitemapText(response.body), response.finalUrl);
      pending.push(...entries.sitemaps);
      pages.push(...entries.pages);
    }
    return pages;
  }

  /** The site's links; rejects with the fetch engine's errors when the page itself cannot be fetched. */
  async function map(request: ResolvedMap, signal: AbortSignal): Promise<MapLink[]> {
    const start = new URL(request.url);
    const found: MapLink[] = [];
    if (request.sitemap !== 'only') {
      const page = await fetchEngine.fetch(start, { signal });
      if (page.text !== undefined && (page.contentType === undefined || page.contentType.includes('html'))) {
        const facts = await readPage(page.text, page.finalUrl);
        found.push({ url: page.finalUrl, ...(facts.extracted.title === undefined ? {} : { title: facts.extracted.title }) });
        found.push(...facts.links.map((url) => ({ url })));
      }
    }
    if (request.sitemap !== 'skip') found.push(...(await sitemapPages(start.origin, signal, request.limit * 2)).map((url) => ({ url })));

    const host = start.hostname.replace(/^www\./, '');
    const inSite = (url: URL) => url.hostname.replace(/^www\./, '') === host || (request.includeSubdomains && url.hostname.endsWith(`.${host}`));
    const byUrl = new Map<string, MapLink>();
    for (const link of found) {
      const url = new URL(link.url);
      if (!inSite(url)) continue;
      url.hash = '';
      if (request.ignoreQueryParameters) url.search = '';
      if (request.search !== undefined && !url.href.toLowerCase().includes(request.search) && !(link.title ?? '').toLowerCase().includes(request.search))
        continue;
      if (!byUrl.has(url.href)) byUrl.set(url.href, { ...link, url: url.href });
    }
    return [...byUrl.values()].slice(0, request.limit);
  }

  return { map };
}

export type Mapper = ReturnType<typeof createMapper>;
