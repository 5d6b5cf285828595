/**
 * Firecrawl's scrape over the process's scrape service: the same fetch engine (SSRF guard, per-host
 * limit), browser, extraction and prices as Quarry's own scrape. `scrapeWithPage` hands back the
 * HTML the page was extracted from (for the `html` and `links` formats) without telling the index.
 */
import type { FastifyReply } from 'fastify';
import type { CachedRunner } from '../../cache/cached.js';
import { chargeFor, runCached, type CacheHitCharge, type CachedWork } from '../../credits/metered-cached.js';
import { errorText } from '../error-text.js';
import { scrapeErrorMapper } from '../../scrape/error-map.js';
import type { ExtractedPage, ScrapeJson } from '../../scrape/extract/index.js';
import { parseScrapeRequest } from '../../scrape/scrape-request.js';
import type { OffloadPool } from '../../scrape/offload/pool.js';
import type { ScrapeBilling, ScrapeService } from '../../scrape/service.js';
import { buildDocument, type FirecrawlDocument } from './document.js';
import { firecrawlError } from './errors.js';
import type { PageReaders } from './page-html.js';
import type { ResolvedScrapeOptions } from './scrape-options.js';

export interface FirecrawlScraperDeps {
  /** The process's scrape service (src/deps.ts). */
  readonly service: ScrapeService;
  /** Reads pages off the event loop (the app's worker pool), as Quarry's own scrape does, in the lane of the account that asked. */
  readonly reader: Pick<OffloadPool, 'readPage' | 'cleanHtml'>;
  readonly cached: CachedRunner;
  /** `SCRAPE_CACHE_TTL` seconds; 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  readonly now: () => Date;
}

/** What is cached per page and formats: the document without per-request metadata, and its price facts. */
interface ScrapeOutcome {
  readonly document: FirecrawlDocument;
  readonly billing: ScrapeBilling;
  readonly fetchedAt: string;
}

export interface ScrapedDocument {
  readonly document: FirecrawlDocument;
  readonly cost: number;
}

/** The cache's `endpoint` of Firecrawl scrapes (their answers carry formats Quarry's own scrape has not). */
const CACHE_ENDPOINT = 'firecrawl-scrape';

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

export function createFirecrawlScraper(deps: FirecrawlScraperDeps) {
  const { service, reader, now } = deps;

  /** The pool's readers for the `html` and `links` formats, in `account`'s lane of the pool. */
  function readersFor(account: number, signal: AbortSignal): PageReaders {
    const owner = String(account);
    return {
      readPage: (html, url) => reader.readPage(html, url, signal, owner),
      cleanHtml: (html) => reader.cleanHtml(html, signal, owner),
    };
  }

  async function fresh(url: string, sourceUrl: string, options: ResolvedScrapeOptions, signal: AbortSignal, account: number): Promise<ScrapeOutcome> {
    const { result, page: captured } = await service.scrapeWithPage({ url, formats: ['markdown', 'json'], render: options.render }, signal, account);
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
      options.formats,
      readersFor(account, signal),
    );
    return { document, billing: result.billing, fetchedAt: now().toISOString() };
  }

  /**
   * One page as cached work priced as a scrape: served from the cache when a copy no older than
   * `maxAge` is there, else scraped. A bad URL is refused here (400), before anything is held;
   * the work fails with 408 when the request's `timeout` passes. `account` is whose scrape it is
   * (its lane in the worker pool).
   */
  function scrapeWork(rawUrl: string, options: ResolvedScrapeOptions, account: number): CachedWork<ScrapeOutcome, FirecrawlDocument> {
    const { input, sourceUrl } = parseScrapeRequest({ url: rawUrl, formats: ['markdown'] });
    const { maxAgeMs, timeoutMs } = options;
    return {
      cache: {
        endpoint: CACHE_ENDPOINT,
        key: { url: input.url, render: options.render, formats: options.formats },
        ttlSeconds: deps.cacheTtlSeconds,
        useCache: maxAgeMs !== 0,
      },
      work: (shared) => fresh(input.url, sourceUrl, options, shared, account),
      ...(maxAgeMs === undefined ? {} : { usable: (stored: ScrapeOutcome) => now().getTime() - Date.parse(stored.fetchedAt) <= maxAgeMs }),
      price: ({ value, hit }) => {
        const { document, billing, fetchedAt } = value;
        const cost = chargeFor(service.costOf(billing), hit, deps.cacheHitCharge);
        const metadata = {
          ...document.metadata,
          sourceURL: sourceUrl,
          cacheState: hit ? ('hit' as const) : ('miss' as const),
          cachedAt: fetchedAt,
          creditsUsed: cost,
        };
        return { body: { ...document, metadata }, cost };
      },
      ...(timeoutMs === undefined
        ? {}
        : {
            deadline: { signal: AbortSignal.timeout(timeoutMs), error: () => firecrawlError(408, `Scrape timed out after ${timeoutMs} ms`, 'SCRAPE_TIMEOUT') },
          }),
    };
  }

  /** One page as a Firecrawl document and what it costs, without metering (a search's scraped hits). */
  async function scrape(reply: FastifyReply, rawUrl: string, options: ResolvedScrapeOptions, signal: AbortSignal): Promise<ScrapedDocument> {
    const { body, cost } = await runCached(deps.cached, reply, scrapeWork(rawUrl, options, reply.request.apiKey!.userId), signal);
    return { document: body, cost };
  }

  /** Like `scrape`, but a failure becomes the document's `metadata.error` (search results keep their place). */
  async function scrapeOrReport(reply: FastifyReply, url: string, options: ResolvedScrapeOptions, signal: AbortSignal): Promise<ScrapedDocument> {
    try {
      return await scrape(reply, url, options, signal);
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
    maxCost: (options: ResolvedScrapeOptions) => service.maxCost(options.render),
    scrapeWork,
    scrapeOrReport,
  };
}

export type FirecrawlScraper = ReturnType<typeof createFirecrawlScraper>;
