/**
 * Scrape as an operation of its own: a page in the asked formats and what it cost, through the
 * result cache (the stored value is the scrape itself, so `POST /api/v1/scrape/`, Tavily and Exa
 * share it). A step of metered work: the caller meters it, alone or as part of a bigger unit.
 * A surface whose answer needs more than Quarry's formats (Firecrawl's `html`, `links`) asks for
 * a *view* of the page: its own rendering of the scraped page, cached under the view's name.
 */
import type { CachedRunner } from '../cache/cached.js';
import { chargeFor, runCached, type CacheHitCharge, type WorkOutcome } from '../credits/index.js';
import {
  browserNotInstalledError,
  parseScrapeRequest,
  type ScrapeInput as PageRequest,
  type RenderMode,
  type ScrapeFormat,
  type ScrapeBilling,
  type ScrapeResult,
  type ScrapeService,
  type ScrapeWithPage,
  type CapturedScreenshot,
  type ScreenshotSpec,
  type ScreenshotStore,
} from '../scrape/index.js';
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
  /** Whether the headless browser may (`auto`), must (`always`) or must not (`never`) render the page; default `auto`. */
  readonly render?: RenderMode;
  /**
   * Also a picture of the page, rendered (whatever `render` says) and priced as a rendered scrape;
   * `data.screenshot` is its URL. Never served from nor stored in the shared cache: the image is the account's.
   */
  readonly screenshot?: ScreenshotSpec;
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
  /** False when no Chromium is installed: `render: "always"` is refused. */
  readonly browserAvailable: boolean;
  /** The most one scrape with this render mode (or with a screenshot, always rendered) can cost: what its hold must cover. */
  maxCostOf(render: RenderMode, screenshot?: boolean): number;
  /** One page; throws InvalidInputError for a bad URL and ScrapeError when the page has no content. */
  run(account: number, input: ScrapeInput, signal: AbortSignal): Promise<WorkOutcome<ScrapeOutput>>;
  /** The stored scrape and its cost, when the cache has one to serve; undefined otherwise (a bad URL included). */
  stored(input: ScrapeInput): Promise<WorkOutcome<ScrapeOutput> | undefined>;
  /** Every page stored: their outcomes in order, for one charge of their total; else undefined. */
  allStored(inputs: readonly ScrapeInput[]): Promise<WorkOutcome<ScrapeOutput[]> | undefined>;
  /**
   * One page rendered by `view`: the stored rendering when one is usable, else a fresh scrape
   * rendered and stored. Throws InvalidInputError for a bad URL, ScrapeTimeoutError past `timeoutMs`.
   */
  runView<D>(account: number, view: PageView<D>, input: PageViewInput, signal: AbortSignal): Promise<WorkOutcome<ViewedPage<D>>>;
  /** The stored rendering and its cost when one is usable; undefined otherwise. Throws InvalidInputError for a bad URL (before any hold). */
  storedView<D>(view: PageView<D>, input: PageViewInput): Promise<WorkOutcome<ViewedPage<D>> | undefined>;
}

/** A surface's own rendering of a scraped page (Firecrawl's document), cached under its own name. */
export interface PageView<D> {
  /** The cache's `endpoint` of this view's entries: each view stores its own shape. */
  readonly name: string;
  /** What the view shows (its formats): part of the cache key. */
  readonly formats: readonly string[];
  /** Renders a fresh scrape; `signal` ends the rendering when nobody waits for it any more. */
  build(
    scraped: ScrapeWithPage,
    context: { readonly sourceUrl: string; readonly account: number; readonly signal: AbortSignal; readonly screenshotUrl?: string },
  ): Promise<D>;
}

export interface PageViewInput {
  /** The URL as the client sent it. */
  readonly url: string;
  readonly render: RenderMode;
  /** Oldest stored rendering accepted, in ms (0: always scrape afresh); undefined: whatever the cache holds. */
  readonly maxAgeMs?: number;
  /** The request's own time limit on the work, in ms. */
  readonly timeoutMs?: number;
  /** Also a picture of the page (rendered, priced as such; never cached): handed to the view's `build` as its URL. */
  readonly screenshot?: ScreenshotSpec;
}

export interface ViewedPage<D> {
  readonly document: D;
  /** The URL as the client sent it (trimmed). */
  readonly sourceUrl: string;
  /** When the page was scraped (ISO 8601). */
  readonly fetchedAt: string;
  /** Served from the result cache. */
  readonly cached: boolean;
  /** What it cost (also the outcome's cost): a rendering of a page carries its price. */
  readonly cost: number;
}

/** A view's work outlived the request's own time limit (`PageViewInput.timeoutMs`). */
export class ScrapeTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Scrape timed out after ${timeoutMs} ms`);
    this.name = 'ScrapeTimeoutError';
  }
}

/** What a view's cache entry holds: the rendering without per-request facts, and what its price depends on. */
interface StoredView<D> {
  readonly document: D;
  readonly billing: ScrapeBilling;
  readonly fetchedAt: string;
}

export interface ScrapeUseCaseDeps {
  readonly service: ScrapeService;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** The worker pool's `cleanHtml` (`OffloadPool`), in the lane of `owner`: needed for `cleanHtml` inputs. */
  readonly cleanHtml?: (html: string, signal: AbortSignal, owner: string) => Promise<string>;
  /** When a view's rendering was made, and how old a stored one is. Default: the system clock. */
  readonly now?: () => Date;
  /** Where screenshots are kept (src/deps.ts): needed for inputs with `screenshot`. */
  readonly screenshots?: ScreenshotStore;
}

/** The cache's `endpoint` of screenshot scrapes: never stored, only identical concurrent requests of one account share the work. */
const SCREENSHOT_ENDPOINT = 'scrape-screenshot';

export function createScrapeUseCase(deps: ScrapeUseCaseDeps): ScrapeUseCase {
  const { service } = deps;
  const now = deps.now ?? (() => new Date());
  const parsed = (request: ScrapeInput) =>
    parseScrapeRequest({
      url: request.url,
      formats: [...request.formats],
      ...(request.render === undefined ? {} : { render: request.render }),
      ...(request.useCache === false ? { use_cache: false } : {}),
    });
  const price = (billing: ScrapeBilling, hit: boolean) => chargeFor(service.costOf(billing), hit, deps.cacheHitCharge);
  /** The page as asked, with its screenshot: a picture needs the page rendered. */
  const withScreenshot = (input: PageRequest, screenshot: ScreenshotSpec | undefined): PageRequest =>
    screenshot === undefined ? input : { ...input, render: 'always', screenshot };
  /** Keeps a fresh scrape's picture for `account` (the result then names its URL). */
  async function savedScreenshot(account: number, scraped: { readonly screenshot?: CapturedScreenshot }): Promise<string | undefined> {
    if (scraped.screenshot === undefined) return undefined;
    if (deps.screenshots === undefined) throw new Error('This scrape use case was built without a screenshot store');
    return deps.screenshots.save(account, scraped.screenshot);
  }
  /** Shared by identical concurrent requests of one account only, and never stored. */
  const screenshotCache = (account: number, input: PageRequest) => ({ endpoint: SCREENSHOT_ENDPOINT, key: { account, input }, ttlSeconds: 0, useCache: false });
  async function stored(request: ScrapeInput): Promise<WorkOutcome<ScrapeOutput> | undefined> {
    let input;
    try {
      ({ input } = parsed(request));
    } catch {
      return undefined;
    }
    if (request.useCache === false || request.screenshot !== undefined) return undefined;
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
    return value === undefined ? undefined : { body: { result: value, cached: true }, cost: price(value.billing, true) };
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

  /** The view's request in canonical form (InvalidInputError for a bad URL) and where its rendering is stored. */
  function viewRequest<D>(view: PageView<D>, input: PageViewInput) {
    const { input: page, sourceUrl } = parseScrapeRequest({ url: input.url, formats: ['markdown'] });
    const { maxAgeMs } = input;
    const usable = maxAgeMs === undefined ? undefined : (stored: StoredView<D>) => now().getTime() - Date.parse(stored.fetchedAt) <= maxAgeMs;
    const cache = {
      endpoint: view.name,
      key: { url: page.url, render: input.render, formats: view.formats },
      ttlSeconds: deps.cacheTtlSeconds,
      useCache: maxAgeMs !== 0,
    };
    const viewed = ({ value, hit }: { value: StoredView<D>; hit: boolean }): WorkOutcome<ViewedPage<D>> => {
      const cost = price(value.billing, hit);
      return { body: { document: value.document, sourceUrl, fetchedAt: value.fetchedAt, cached: hit, cost }, cost };
    };
    return { url: page.url, sourceUrl, cache, usable, viewed };
  }

  async function storedView<D>(view: PageView<D>, input: PageViewInput): Promise<WorkOutcome<ViewedPage<D>> | undefined> {
    const request = viewRequest(view, input);
    if (input.screenshot !== undefined) return undefined;
    const value = await deps.cached.lookup<StoredView<D>>(request.cache);
    if (value === undefined || (request.usable !== undefined && !request.usable(value))) return undefined;
    return request.viewed({ value, hit: true });
  }

  return {
    maxCost: service.maxCost('auto'),
    browserAvailable: service.browserAvailable,
    maxCostOf: (render, screenshot = false) => service.maxCost(screenshot ? 'always' : render),
    stored,
    async allStored(inputs) {
      const found = await Promise.all(inputs.map(stored));
      if (found.some((page) => page === undefined)) return undefined;
      const pages = found as WorkOutcome<ScrapeOutput>[];
      return { body: pages.map((page) => page.body), cost: pages.reduce((sum, page) => sum + page.cost, 0) };
    },
    async run(account, request, signal) {
      const { input: asked, useCache } = parsed(request);
      const input = withScreenshot(asked, request.screenshot);
      if (input.render === 'always' && !service.browserAvailable) throw browserNotInstalledError();
      if (input.screenshot !== undefined) {
        return runCached(
          deps.cached,
          cacheReply,
          {
            cache: screenshotCache(account, input),
            work: async (shared) => {
              const scraped = await service.scrapeWithScreenshot(input, shared, account);
              const url = await savedScreenshot(account, scraped);
              return url === undefined ? scraped.result : { ...scraped.result, data: { ...scraped.result.data, screenshot: url } };
            },
            price: ({ value }) => ({ body: { result: value, cached: false }, cost: price(value.billing, false) }),
          },
          signal,
        );
      }
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
          price: ({ value, hit }) => ({ body: { result: value, cached: hit }, cost: price(value.billing, hit) }),
        },
        signal,
      );
    },
    storedView,
    async runView(account, view, input, signal) {
      const request = viewRequest(view, input);
      const { timeoutMs } = input;
      const page = withScreenshot({ url: request.url, formats: ['markdown', 'json'], render: input.render }, input.screenshot);
      const fresh = async (shared: AbortSignal) => {
        const scraped = await service.scrapeWithPage(page, shared, account);
        const screenshotUrl = await savedScreenshot(account, scraped);
        const context = { sourceUrl: request.sourceUrl, account, signal: shared, ...(screenshotUrl === undefined ? {} : { screenshotUrl }) };
        const document = await view.build(scraped, context);
        return { document, billing: scraped.result.billing, fetchedAt: now().toISOString() };
      };
      return runCached(
        deps.cached,
        cacheReply,
        {
          cache: page.screenshot === undefined ? request.cache : screenshotCache(account, page),
          work: fresh,
          price: request.viewed,
          ...(request.usable === undefined ? {} : { usable: request.usable }),
          ...(timeoutMs === undefined ? {} : { deadline: { signal: AbortSignal.timeout(timeoutMs), error: () => new ScrapeTimeoutError(timeoutMs) } }),
        },
        signal,
      );
    },
  };
}
