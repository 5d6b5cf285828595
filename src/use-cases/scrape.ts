/**
 * Scrape as an operation of its own: a page in the asked formats and what it cost, through the
 * same result cache as `POST /api/v1/scrape/` (the stored value is the scrape itself, so both
 * share it). A step of metered work: the caller meters it, alone or as part of a bigger unit.
 */
import type { CachedRunner } from '../cache/cached.js';
import { chargeFor, runCached, type CacheHitCharge } from '../credits/metered-cached.js';
import type { WorkOutcome } from '../credits/metered.js';
import { browserNotInstalledError } from '../scrape/errors.js';
import { parseScrapeRequest, type ScrapeInput as PageRequest } from '../scrape/scrape-request.js';
import type { ScrapeFormat } from '../scrape/schemas.js';
import type { ScrapeResult, ScrapeService } from '../scrape/service.js';
import { cacheReply } from './cache-reply.js';

export interface ScrapeInput {
  readonly url: string;
  readonly formats: readonly ScrapeFormat[];
  readonly useCache?: boolean;
  /**
   * Also the page's `<body>` without scripts and styles (`src/scrape/clean-html.ts`, Firecrawl's
   * `html` format), cleaned in the worker pool. Priced as the scrape; cached apart from it.
   */
  readonly cleanHtml?: boolean;
}

export interface ScrapeOutput {
  readonly result: ScrapeResult;
  readonly cached: boolean;
  /** The cleaned `<body>` when the input asked for it (empty for a document without HTML, such as a PDF). */
  readonly html?: string;
}

/** The ledger's and the cache's `endpoint` of a scrape (as the REST route's). */
export const SCRAPE_USE_CASE_ENDPOINT = 'scrape';
/** The cache's `endpoint` of a scrape with its cleaned HTML: the REST scrape's entries hold no HTML. */
const CLEAN_HTML_CACHE_ENDPOINT = 'scrape-clean-html';

/** What the cache holds of a scrape with its cleaned HTML. */
interface StoredWithHtml {
  readonly result: ScrapeResult;
  readonly html: string;
}

export interface ScrapeUseCase {
  /** The most one scrape can cost (with the browser). */
  readonly maxCost: number;
  /** One page; throws InvalidInputError for a bad URL and ScrapeError when the page has no content. */
  run(account: number, input: ScrapeInput, signal: AbortSignal): Promise<WorkOutcome<ScrapeOutput>>;
  /** The stored scrape and its cost, when the cache has one to serve; undefined otherwise (a bad URL included). */
  stored(input: ScrapeInput): Promise<WorkOutcome<ScrapeOutput> | undefined>;
  /** Every page stored: their outcomes in order, for one charge of their total; else undefined. */
  allStored(inputs: readonly ScrapeInput[]): Promise<WorkOutcome<ScrapeOutput[]> | undefined>;
}

export interface ScrapeUseCaseDeps {
  readonly service: ScrapeService;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** The worker pool's `cleanHtml` (`OffloadPool`), in the lane of `owner`: needed for `cleanHtml` inputs. */
  readonly cleanHtml?: (html: string, signal: AbortSignal, owner: string) => Promise<string>;
}

export function createScrapeUseCase(deps: ScrapeUseCaseDeps): ScrapeUseCase {
  const { service } = deps;
  const parsed = (request: ScrapeInput) =>
    parseScrapeRequest({ url: request.url, formats: [...request.formats], ...(request.useCache === false ? { use_cache: false } : {}) });
  async function stored(request: ScrapeInput): Promise<WorkOutcome<ScrapeOutput> | undefined> {
    let input;
    try {
      ({ input } = parsed(request));
    } catch {
      return undefined;
    }
    if (request.useCache === false) return undefined;
    if (request.cleanHtml === true) {
      const value = await deps.cached.lookup<StoredWithHtml>({
        endpoint: CLEAN_HTML_CACHE_ENDPOINT,
        key: input,
        ttlSeconds: deps.cacheTtlSeconds,
        useCache: true,
      });
      return value === undefined ? undefined : withHtml({ value, hit: true });
    }
    const value = await deps.cached.lookup<ScrapeResult>({ endpoint: SCRAPE_USE_CASE_ENDPOINT, key: input, ttlSeconds: deps.cacheTtlSeconds, useCache: true });
    return value === undefined
      ? undefined
      : { body: { result: value, cached: true }, cost: chargeFor(service.costOf(value.billing), true, deps.cacheHitCharge) };
  }
  function withHtml({ value, hit }: { value: StoredWithHtml; hit: boolean }): WorkOutcome<ScrapeOutput> {
    return { body: { result: value.result, cached: hit, html: value.html }, cost: chargeFor(service.costOf(value.result.billing), hit, deps.cacheHitCharge) };
  }
  /** The scrape and its page's cleaned `<body>`; the page is not handed to the index (as with Firecrawl's `html` format). */
  async function scrapeWithHtml(input: PageRequest, signal: AbortSignal, account: number): Promise<StoredWithHtml> {
    const cleanHtml = deps.cleanHtml;
    if (cleanHtml === undefined) throw new Error('This scrape use case was built without cleanHtml');
    const { result, page } = await service.scrapeWithPage(input, signal, account);
    return { result, html: page?.html === undefined ? '' : await cleanHtml(page.html, signal, String(account)) };
  }
  return {
    maxCost: service.maxCost('auto'),
    stored,
    async allStored(inputs) {
      const found = await Promise.all(inputs.map(stored));
      if (found.some((page) => page === undefined)) return undefined;
      const pages = found as WorkOutcome<ScrapeOutput>[];
      return { body: pages.map((page) => page.body), cost: pages.reduce((sum, page) => sum + page.cost, 0) };
    },
    async run(account, request, signal) {
      const { input, useCache } = parsed(request);
      if (input.render === 'always' && !service.browserAvailable) throw browserNotInstalledError();
      if (request.cleanHtml === true) {
        const cache = { endpoint: CLEAN_HTML_CACHE_ENDPOINT, key: input, ttlSeconds: deps.cacheTtlSeconds, useCache };
        return runCached(deps.cached, cacheReply, { cache, work: (shared) => scrapeWithHtml(input, shared, account), price: withHtml }, signal);
      }
      return runCached(
        deps.cached,
        cacheReply,
        {
          cache: { endpoint: SCRAPE_USE_CASE_ENDPOINT, key: input, ttlSeconds: deps.cacheTtlSeconds, useCache },
          work: (shared) => service.scrape(input, shared, account),
          price: ({ value, hit }) => ({ body: { result: value, cached: hit }, cost: chargeFor(service.costOf(value.billing), hit, deps.cacheHitCharge) }),
        },
        signal,
      );
    },
  };
}
