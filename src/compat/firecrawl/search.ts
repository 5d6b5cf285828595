/**
 * Firecrawl's search, a mapper over the combined-search use case: the request becomes a combined
 * search of the `web`, `news` and `images` verticals (same engines, cache entry and price as
 * `POST /api/v1/search`), the items take Firecrawl's field names, and with `scrapeOptions.formats`
 * each web and news hit is scraped like `POST /v2/scrape` and charged as a scrape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedRunner } from '../../cache/cached.js';
import type { CacheHitCharge, Metering, WorkOutcome } from '../../credits/index.js';
import { COUNTRY_CODE_PATTERN, normaliseCountryCode, searchFieldErrors, type ResolvedSearch, type SearchService } from '../../search/index.js';
import { answerHeaders, shownItem } from '../../search/rest/index.js';
import { createCombinedSearchUseCase, type CombinedSearchResult, type CombinedSearchUseCase } from '../../use-cases/combined-search.js';
import type { Deadline } from '../../use-cases/search-metered.js';
import { itemsOf } from '../../use-cases/search-results.js';
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
  /** The app's clock: a news item's relative date is as of the moment of answering, as REST's. */
  readonly now: () => Date;
}

/** The most a search can cost: its sources, and a scrape per hit that may be scraped. */
function searchMaxCost(resolved: ResolvedFirecrawlSearch, search: CombinedSearchUseCase, deps: SearchDeps): number {
  const scrapable = resolved.scrape.formats.length === 0 ? 0 : resolved.sources.filter((source) => source !== 'images').length * resolved.search.num;
  return search.maxCost(resolved) + scrapable * deps.scraper.maxCost(resolved.scrape);
}

type Hit = Record<string, unknown>;

interface FirecrawlHits {
  readonly web: Hit[];
  readonly news: Hit[];
  readonly images: Hit[];
}

/** The search's items under Firecrawl's field names; news shows REST's date, as of `now`. */
function toHits({ sources }: CombinedSearchResult, now: Date): FirecrawlHits {
  const web: Hit[] = itemsOf(sources, 'web').map(({ item }) => ({
    url: item.url,
    title: item.title,
    description: item.description ?? '',
    position: item.position,
  }));
  const news: Hit[] = itemsOf(sources, 'news').map((found) => {
    const item = shownItem('news', found, now);
    return {
      title: item.title,
      url: item.link,
      snippet: item.snippet ?? '',
      ...(item.date ? { date: item.date } : {}),
      ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
      position: item.position,
    };
  });
  const images: Hit[] = itemsOf(sources, 'images').map(({ item }) => ({
    title: item.title,
    imageUrl: item.imageUrl,
    ...(item.imageWidth ? { imageWidth: item.imageWidth } : {}),
    ...(item.imageHeight ? { imageHeight: item.imageHeight } : {}),
    url: item.link,
    position: item.position,
  }));
  return { web, news, images };
}

/** `timeout` as the search's deadline: 408 when it passes. */
function deadlineOf({ timeoutMs }: ResolvedFirecrawlSearch): Deadline | undefined {
  if (timeoutMs === undefined) return undefined;
  return { signal: AbortSignal.timeout(timeoutMs), error: () => firecrawlError(408, `Search timed out after ${timeoutMs} ms`, 'SEARCH_TIMEOUT') };
}

/** The search, then a scrape of each web and news hit (charged as a scrape; a failed one reports its error). */
async function searchAndScrape(
  reply: FastifyReply,
  resolved: ResolvedFirecrawlSearch,
  search: CombinedSearchUseCase,
  deps: SearchDeps,
  signal: AbortSignal,
): Promise<WorkOutcome<{ found: CombinedSearchResult; hits: FirecrawlHits; cost: number }>> {
  const deadline = deadlineOf(resolved);
  const found = await search.step(reply.request.apiKey!.userId, resolved, signal, deadline);
  // Said before the scrapes, whose own cache lookups may say it again for the page.
  reply.header('x-cache', found.body.cached ? 'HIT' : 'MISS');
  const workSignal = deadline === undefined ? signal : AbortSignal.any([signal, deadline.signal]);
  const hits = toHits(found.body, deps.now());
  let cost = found.cost;
  for (const hit of [...hits.web, ...hits.news]) {
    const scraped = await deps.scraper.scrapeOrReport(reply, String(hit.url), resolved.scrape, workSignal);
    Object.assign(hit, scraped.document);
    cost += scraped.cost;
  }
  return { body: { found: found.body, hits, cost }, cost };
}

/** Firecrawl's search over the combined-search use case (one per process, made with the routes). */
export interface FirecrawlSearch {
  /**
   * Runs the search, metered, and shapes Firecrawl's `data`. Without `scrapeOptions.formats` a
   * cached answer has a known cost and is charged in one step; with them the hits' scrapes cost
   * what they turn out to cost, so the call holds the most it can cost and settles.
   */
  run(
    call: { readonly request: FastifyRequest; readonly reply: FastifyReply; readonly endpoint: string },
    resolved: ResolvedFirecrawlSearch,
  ): Promise<{ data: Partial<Record<FirecrawlSource, Hit[]>>; cost: number }>;
}

export function createFirecrawlSearch(deps: SearchDeps & { readonly metering: Metering }): FirecrawlSearch {
  const { metering } = deps;
  const search = createCombinedSearchUseCase({ ...deps, meter: metering.meter });
  async function searchOnly(
    call: { readonly request: FastifyRequest; readonly reply: FastifyReply; readonly endpoint: string },
    resolved: ResolvedFirecrawlSearch,
  ) {
    const deadline = deadlineOf(resolved);
    const served = await search.run(metering.callerOf(call.request, call.reply), resolved, {
      endpoint: call.endpoint,
      ...(deadline === undefined ? {} : { deadline }),
    });
    answerHeaders(call.reply, served);
    return { hits: toHits(served.result, deps.now()), cost: served.cost };
  }
  return {
    async run(call, asked) {
      const { request, reply, endpoint } = call;
      // Before anything is held: sources no engine can answer are left out; when none can, a 503 and nothing charged.
      const resolved = await search.answerable(asked);
      let hits: FirecrawlHits;
      let cost: number;
      if (resolved.scrape.formats.length === 0) {
        ({ hits, cost } = await searchOnly(call, resolved));
      } else {
        const scraped = await metering.run(request, reply, endpoint, searchMaxCost(resolved, search, deps), (signal) =>
          searchAndScrape(reply, resolved, search, deps, signal),
        );
        // Counted once the call is paid for: a refused call is no search.
        search.count(request.apiKey!.userId, resolved, scraped.found);
        ({ hits, cost } = scraped);
      }
      const data: Partial<Record<FirecrawlSource, Hit[]>> = {};
      if (resolved.sources.includes('web')) data.web = hits.web;
      if (resolved.sources.includes('news')) data.news = hits.news;
      if (resolved.sources.includes('images')) data.images = hits.images;
      return { data, cost };
    },
  };
}
