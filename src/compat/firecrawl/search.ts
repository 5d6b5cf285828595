/**
 * Firecrawl's search over Quarry's search service: the request becomes a combined search of the
 * `web`, `news` and `images` verticals (same engines, cache and price as `POST /api/v1/search`),
 * the items take Firecrawl's field names, and with `scrapeOptions.formats` each web and news hit
 * is scraped like `POST /v2/scrape` and charged as a scrape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedRunner } from '../../cache/cached.js';
import { chargeFor, meteredCached, runCached, type CacheHitCharge, type CachedWork, type Metering, type WorkOutcome } from '../../credits/index.js';
import {
  COUNTRY_CODE_PATTERN,
  normaliseCountryCode,
  searchFieldErrors,
  type ResolvedSearch,
  combinedSearchCache,
  type SearchService,
  type CombinedSearchResponse,
} from '../../search/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest, firecrawlError } from './errors.js';
import type { FirecrawlScraper } from './scraper.js';
import { resolveScrapeOptions, type ResolvedScrapeOptions } from './scrape-options.js';
import type { SearchBodyV2 } from './schemas.js';

export const FIRECRAWL_SOURCES = ['web', 'news', 'images'] as const;
export type FirecrawlSource = (typeof FIRECRAWL_SOURCES)[number];

const V1_KEYS = ['query', 'limit', 'tbs', 'location', 'lang', 'country', 'timeout', 'ignoreInvalidURLs', 'scrapeOptions', 'origin', 'integration', 'filter'];
const KNOWN_KEYS = { v1: new Set(V1_KEYS), v2: new Set([...V1_KEYS, 'sources', 'categories', 'includeDomains', 'excludeDomains']) };
const LANGUAGE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;
const COUNTRY = new RegExp(COUNTRY_CODE_PATTERN);
const DEFAULT_LIMIT = 5;

export interface ResolvedFirecrawlSearch {
  readonly sources: readonly FirecrawlSource[];
  readonly search: ResolvedSearch;
  readonly scrape: ResolvedScrapeOptions;
  readonly timeoutMs?: number;
}

function sourceName(source: unknown, index: number): FirecrawlSource {
  const type = typeof source === 'string' ? source : (source as { type?: unknown }).type;
  if (typeof source === 'object' && source !== null && Object.keys(source).some((key) => key !== 'type')) {
    throw badRequest(`sources[${index}]: per-source options are not supported; set tbs, location, lang and country on the request`);
  }
  if (!(FIRECRAWL_SOURCES as readonly unknown[]).includes(type))
    throw badRequest(`sources[${index}]: "${String(type)}" is not supported; use web, news or images`);
  return type as FirecrawlSource;
}

/** Checks a v1 or v2 search body (v1 has no `sources`: web only) and resolves it. */
export function resolveFirecrawlSearch(body: SearchBodyV2, version: 'v1' | 'v2', browserAvailable: boolean): ResolvedFirecrawlSearch {
  const unknown = unknownKeys(body, KNOWN_KEYS[version]);
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.join(', ')}`);
  const record = body as Record<string, unknown>;
  for (const key of ['categories', 'includeDomains', 'excludeDomains'] as const) {
    if (Array.isArray(record[key]) && (record[key] as unknown[]).length > 0) throw badRequest(`${key} is not supported; use site: and -site: in the query`);
  }
  if (record.filter !== undefined) throw badRequest('filter is not supported');
  // The same checks as `POST /api/v1/search` (a blank query, the query's limits, the `tbs` grammar), before any credit is held.
  const fieldErrors = searchFieldErrors(body, { field: 'query', text: body.query });
  for (const field of ['query', 'tbs'] as const) {
    const messages = fieldErrors[field];
    if (messages !== undefined) throw badRequest(`${field}: ${messages.join(' ')}`);
  }
  if (body.lang !== undefined && !LANGUAGE.test(body.lang)) throw badRequest('lang: expected a language code such as "en" or "pt-BR"');
  if (body.country !== undefined && !COUNTRY.test(body.country)) throw badRequest('country: expected an ISO 3166-1 alpha-2 country code');
  const sources = [...new Set((body.sources ?? ['web']).map(sourceName))];
  return {
    sources,
    search: {
      q: body.query,
      num: body.limit ?? DEFAULT_LIMIT,
      page: 1,
      country: normaliseCountryCode(body.country ?? 'us'),
      ...(body.lang === undefined ? {} : { lang: body.lang }),
      ...(body.location === undefined ? {} : { location: body.location }),
      ...(body.tbs === undefined ? {} : { tbs: body.tbs }),
      autocorrect: true,
      useCache: true,
    },
    // Firecrawl's search scrapes nothing unless scrapeOptions names formats.
    scrape: resolveScrapeOptions(body.scrapeOptions ?? {}, 'scrapeOptions.', browserAvailable, []),
    ...(body.timeout === undefined ? {} : { timeoutMs: body.timeout }),
  };
}

export interface SearchDeps {
  readonly service: SearchService;
  readonly scraper: FirecrawlScraper;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  readonly priceSource: number;
}

/** The most a search can cost: its sources, and a scrape per hit that may be scraped. */
function searchMaxCost(resolved: ResolvedFirecrawlSearch, deps: SearchDeps): number {
  const scrapable = resolved.scrape.formats.length === 0 ? 0 : resolved.sources.filter((source) => source !== 'images').length * resolved.search.num;
  return deps.priceSource * resolved.sources.length + scrapable * deps.scraper.maxCost(resolved.scrape);
}

type Hit = Record<string, unknown>;

interface FirecrawlHits {
  readonly web: Hit[];
  readonly news: Hit[];
  readonly images: Hit[];
}

/** The combined search's items under Firecrawl's field names. */
function toHits(data: CombinedSearchResponse['data']): FirecrawlHits {
  const web: Hit[] = (data.web ?? []).map((item) => ({ url: item.url, title: item.title, description: item.description ?? '', position: item.position }));
  const news: Hit[] = (data.news ?? []).map((item) => ({
    title: item.title,
    url: item.url,
    snippet: item.description ?? '',
    ...(item.date ? { date: item.date } : {}),
    ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
    position: item.position,
  }));
  const images: Hit[] = (data.images ?? []).map((item) => ({
    title: item.title,
    imageUrl: item.imageUrl,
    ...(item.imageWidth ? { imageWidth: item.imageWidth } : {}),
    ...(item.imageHeight ? { imageHeight: item.imageHeight } : {}),
    url: item.url,
    position: item.position,
  }));
  return { web, news, images };
}

/** Firecrawl's hits and what they cost. */
interface PricedHits {
  readonly hits: FirecrawlHits;
  readonly cost: number;
}

/**
 * The search as cached work: the same cache entry as `POST /api/v1/search` (`combinedSearchCache`),
 * priced per source; 408 when `timeout` passes.
 */
function searchWork(resolved: ResolvedFirecrawlSearch, deps: SearchDeps, account: number): CachedWork<CombinedSearchResponse, PricedHits> {
  const { sources, search, timeoutMs } = resolved;
  const price = deps.priceSource * sources.length;
  return {
    cache: combinedSearchCache(sources, search, account, deps.cacheTtlSeconds),
    work: (shared) => deps.service.combined(sources, search, account, shared),
    price: ({ value, hit }) => {
      const cost = chargeFor(price, hit, deps.cacheHitCharge);
      return { body: { hits: toHits(value.data), cost }, cost };
    },
    ...(timeoutMs === undefined
      ? {}
      : { deadline: { signal: AbortSignal.timeout(timeoutMs), error: () => firecrawlError(408, `Search timed out after ${timeoutMs} ms`, 'SEARCH_TIMEOUT') } }),
  };
}

/** The search, then a scrape of each web and news hit (charged as a scrape; a failed one reports its error). */
async function searchAndScrape(
  reply: FastifyReply,
  resolved: ResolvedFirecrawlSearch,
  deps: SearchDeps,
  signal: AbortSignal,
): Promise<WorkOutcome<PricedHits>> {
  const spec = searchWork(resolved, deps, reply.request.apiKey!.userId);
  const found = await runCached(deps.cached, reply, spec, signal);
  const workSignal = spec.deadline === undefined ? signal : AbortSignal.any([signal, spec.deadline.signal]);
  const { hits } = found.body;
  let cost = found.cost;
  for (const hit of [...hits.web, ...hits.news]) {
    const scraped = await deps.scraper.scrapeOrReport(reply, String(hit.url), resolved.scrape, workSignal);
    Object.assign(hit, scraped.document);
    cost += scraped.cost;
  }
  return { body: { hits, cost }, cost };
}

/**
 * Runs the search, metered, and shapes Firecrawl's `data`. Without `scrapeOptions.formats` a cached
 * answer has a known cost and is charged in one step; with them the hits' scrapes cost what they
 * turn out to cost, so the call holds the most it can cost and settles.
 */
export async function runFirecrawlSearch(
  call: { readonly request: FastifyRequest; readonly reply: FastifyReply; readonly endpoint: string },
  resolved: ResolvedFirecrawlSearch,
  deps: SearchDeps & { readonly metering: Metering },
): Promise<{ data: Partial<Record<FirecrawlSource, Hit[]>>; cost: number }> {
  const { request, reply, endpoint } = call;
  const { sources, search } = resolved;
  const account = request.apiKey!.userId;
  const maxCost = searchMaxCost(resolved, deps);
  const { hits, cost } =
    resolved.scrape.formats.length === 0
      ? await meteredCached(deps, { request, reply, endpoint, maxCost }, searchWork(resolved, deps, account))
      : await deps.metering.run(request, reply, endpoint, maxCost, (signal) => searchAndScrape(reply, resolved, deps, signal));
  // Counted once the call is paid for: a refused call is no search.
  deps.service.countQuery(search.q, account, hits.web.length + hits.news.length + hits.images.length > 0);
  const data: Partial<Record<FirecrawlSource, Hit[]>> = {};
  if (sources.includes('web')) data.web = hits.web;
  if (sources.includes('news')) data.news = hits.news;
  if (sources.includes('images')) data.images = hits.images;
  return { data, cost };
}
