/**
 * Firecrawl's scrape as a view of Quarry's scrape use case (src/use-cases/scrape.ts): the same
 * fetch engine (SSRF guard, per-host limit), browser, extraction, cache and prices as Quarry's
 * own scrape. The view renders the scraped page (with the HTML it was extracted from, for the
 * `html` and `links` formats) as a Firecrawl document, without telling the index.
 */
import type { FastifyReply } from 'fastify';
import type { CachedRunner } from '../../cache/cached.js';
import type { CacheHitCharge, WorkOutcome } from '../../credits/index.js';
import { errorText } from '../error-text.js';
import { scrapeErrorMapper, type ScrapeService, type ScreenshotStore } from '../../scrape/index.js';
import type { ExtractedPage, ScrapeJson } from '../../scrape/extract/index.js';
import { createScrapeUseCase, ScrapeTimeoutError, type PageView, type PageViewInput, type ViewedPage } from '../../use-cases/scrape.js';
import { buildDocument, type FirecrawlDocument } from './document.js';
import { firecrawlError } from './errors.js';
import { poolReaders, type PageReaderPool } from './page-html.js';
import type { ResolvedScrapeOptions } from './scrape-options.js';

export interface FirecrawlScraperDeps {
  /** The process's scrape service (src/deps.ts). */
  readonly service: ScrapeService;
  /** Reads pages off the event loop (the app's worker pool), as Quarry's own scrape does, in the lane of the account that asked. */
  readonly reader: PageReaderPool;
  readonly cached: CachedRunner;
  /** `SCRAPE_CACHE_TTL` seconds; 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  readonly now: () => Date;
  /** Where screenshots are kept (src/deps.ts). */
  readonly screenshots?: ScreenshotStore;
}

export interface ScrapedDocument {
  readonly document: FirecrawlDocument;
  readonly cost: number;
}

/** The cache's `endpoint` of Firecrawl scrapes (their answers carry formats Quarry's own scrape has not). */
const CACHE_ENDPOINT = 'firecrawl-scrape';
/** The same with `onlyMainContent: false`: the whole page's Markdown and HTML. */
const WHOLE_PAGE_CACHE_ENDPOINT = 'firecrawl-scrape-whole-page';
/**
 * How `html` is named in the cache key of main-content documents: stored documents from before
 * `html` became the main content (when it was the whole body) are not served for it.
 */
const MAIN_CONTENT_HTML_KEY = 'html:main-content';

/** Without content the service reports no page; its `json` format still carries the metadata. */
function pageFromJson(json: ScrapeJson | undefined, url: string): ExtractedPage {
  return {
    ...(json?.title ? { title: json.title } : {}),
    ...(json?.description ? { description: json.description } : {}),
    ...(json?.language ? { language: json.language } : {}),
    canonicalUrl: url,
    headings: json?.headings ?? [],
    markdown: json?.content ?? '',
    text: '',
    links: json?.links ?? [],
    images: [],
    structuredData: { jsonLd: [], microdata: [], openGraph: {} },
    meta: {},
    warnings: [],
  };
}

/** The scrape as Firecrawl's request asks for it. */
function pageInput(url: string, options: ResolvedScrapeOptions): PageViewInput {
  return {
    url,
    render: options.render,
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.screenshot === undefined ? {} : { screenshot: options.screenshot }),
  };
}

/** The document as this request receives it: the stored one with the request's own metadata. */
function answered({ document, sourceUrl, cached, fetchedAt, cost }: ViewedPage<FirecrawlDocument>): FirecrawlDocument {
  const metadata = {
    ...document.metadata,
    sourceURL: sourceUrl,
    cacheState: cached ? ('hit' as const) : ('miss' as const),
    cachedAt: fetchedAt,
    creditsUsed: cost,
  };
  return { ...document, metadata };
}

/** Firecrawl's answer to a scrape that outlived the request's `timeout`. */
async function timedOut<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ScrapeTimeoutError) throw firecrawlError(408, error.message, 'SCRAPE_TIMEOUT');
    throw error;
  }
}

export function createFirecrawlScraper(deps: FirecrawlScraperDeps) {
  const { service, reader } = deps;
  const scrape = createScrapeUseCase({
    service,
    cached: deps.cached,
    cacheTtlSeconds: deps.cacheTtlSeconds,
    cacheHitCharge: deps.cacheHitCharge,
    now: deps.now,
    ...(deps.screenshots === undefined ? {} : { screenshots: deps.screenshots }),
  });

  /** A scraped page as a Firecrawl document in `formats`, without per-request metadata (what the cache keeps). */
  function documentView({ formats, onlyMainContent }: ResolvedScrapeOptions): PageView<FirecrawlDocument> {
    return {
      name: onlyMainContent ? CACHE_ENDPOINT : WHOLE_PAGE_CACHE_ENDPOINT,
      formats: onlyMainContent ? formats.map((format) => (format === 'html' ? MAIN_CONTENT_HTML_KEY : format)) : formats,
      build: async ({ result, page: captured }, { sourceUrl, account, signal, screenshotUrl }) => {
        const { metadata } = result.data;
        const document = await buildDocument(
          {
            sourceUrl,
            finalUrl: metadata.url,
            statusCode: metadata.status_code,
            contentType: metadata.content_type ?? undefined,
            page: captured?.page ?? pageFromJson(result.data.json, metadata.url),
            markdown: result.data.markdown ?? '',
            html: captured?.html,
          },
          formats,
          poolReaders(reader, signal, String(account)),
          onlyMainContent,
        );
        return screenshotUrl === undefined ? document : { ...document, screenshot: screenshotUrl };
      },
    };
  }

  /**
   * One page for `account` as a Firecrawl document and its cost, a step of metered work: served
   * from the cache when a copy no older than `maxAge` is there, else scraped; fails with 408 when
   * the request's `timeout` passes.
   */
  async function run(
    account: number,
    rawUrl: string,
    options: ResolvedScrapeOptions,
    signal: AbortSignal,
  ): Promise<WorkOutcome<ViewedPage<FirecrawlDocument>>> {
    return timedOut(() => scrape.runView(account, documentView(options), pageInput(rawUrl, options), signal));
  }

  /** The stored document and its cost, when a usable one is there (its cost is known before any work); a bad URL is refused here (400), before anything is held. */
  function stored(rawUrl: string, options: ResolvedScrapeOptions): Promise<WorkOutcome<ViewedPage<FirecrawlDocument>> | undefined> {
    return scrape.storedView(documentView(options), pageInput(rawUrl, options));
  }

  /** One page as a Firecrawl document and what it costs, without metering (a search's scraped hits). */
  async function scrapeOne(reply: FastifyReply, rawUrl: string, options: ResolvedScrapeOptions, signal: AbortSignal): Promise<ScrapedDocument> {
    const { body, cost } = await run(reply.request.apiKey!.userId, rawUrl, options, signal);
    reply.header('x-cache', body.cached ? 'HIT' : 'MISS');
    return { document: answered(body), cost };
  }

  /** Like `scrapeOne`, but a failure becomes the document's `metadata.error` (search results keep their place). */
  async function scrapeOrReport(reply: FastifyReply, url: string, options: ResolvedScrapeOptions, signal: AbortSignal): Promise<ScrapedDocument> {
    try {
      return await scrapeOne(reply, url, options, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const mapped = scrapeErrorMapper(error);
      if (mapped === undefined) throw error;
      return { document: { metadata: { sourceURL: url, url, statusCode: 0, proxyUsed: 'basic', error: errorText(mapped.body) } }, cost: 0 };
    }
  }

  return {
    browserAvailable: service.browserAvailable,
    /** The most one scrape with these options can cost: what a hold must cover. */
    maxCost: (options: ResolvedScrapeOptions) => scrape.maxCostOf(options.render),
    run,
    stored,
    /** The document a metered scrape answers with. */
    answered,
    scrapeOrReport,
  };
}

export type FirecrawlScraper = ReturnType<typeof createFirecrawlScraper>;
