import type { BrowserEngine } from './browser/index.js';
import { classifyContent } from './content-kind.js';
import { browserNotInstalledError, challengeError, screenshotOfDocumentError, targetStatusError, unsupportedContentError } from './errors.js';
import { decodeHtmlBytes, toJsonFormat, type ExtractedPage, type ScrapeJson } from './extract/index.js';
import { inThreadReader, type HtmlReading, type PageReader } from './page-reader.js';
import type { FetchEngine, FetchedResponse } from './net/index.js';
import type { ScrapeInput } from './scrape-request.js';
import type { ScrapeMetadata } from './schemas.js';
import type { ScrapedPage, ScrapeEngineName } from './scraped-page.js';
import type { CapturedScreenshot } from './screenshots/spec.js';

export interface ScrapePrices {
  /** Credits for a scrape that returned content (`PRICE_SCRAPE`). */
  readonly scrape: number;
  /** Extra credits when that content needed the headless browser (`PRICE_SCRAPE_BROWSER`). */
  readonly browser: number;
}

export interface ScrapeServiceOptions {
  readonly fetchEngine: FetchEngine;
  /** Where pages are read; the server hands in its worker pool. Default: `inThreadReader`. */
  readonly reader?: PageReader;
  readonly browserEngine: BrowserEngine;
  readonly prices: ScrapePrices;
  /** Told about each successful scrape; must not throw (see `createPageNotifier`). Default: nobody. */
  readonly notify?: (page: ScrapedPage) => void;
  /** Default: the system clock. */
  readonly now?: () => Date;
}

/** Metadata decided by the scrape itself; the route adds `cache` and `source_url` per request. */
export type ScrapedMetadata = Omit<ScrapeMetadata, 'cache' | 'source_url'>;

export interface ScrapedData {
  markdown?: string;
  text?: string;
  json?: ScrapeJson;
  /** The screenshot's URL: set by the use case once the image is kept (src/use-cases/scrape.ts). */
  screenshot?: string;
  metadata: ScrapedMetadata;
}

/** What a charge depends on, kept with a cached result so a hit is priced like the original. */
export interface ScrapeBilling {
  /** The content came from the headless browser. */
  readonly browser: boolean;
  /** Content was extracted (a 2xx page with non-empty text). */
  readonly content: boolean;
}

/** A finished scrape: plain JSON, so it can be cached as it is. */
export interface ScrapeResult {
  readonly data: ScrapedData;
  readonly billing: ScrapeBilling;
}

/** A finished scrape and, when it had content, the page it was extracted from (not cached: it holds the HTML). */
export interface ScrapeWithPage {
  readonly result: ScrapeResult;
  readonly page?: ScrapedPage;
  /** The picture of the rendered page, when the input asked for one (not cached: it is the account's, under its own URL). */
  readonly screenshot?: CapturedScreenshot;
}

/** A finished scrape and its screenshot, when the input asked for one. */
export interface ScrapeWithScreenshot {
  readonly result: ScrapeResult;
  readonly screenshot?: CapturedScreenshot;
}

/** Where the content came from. */
interface ContentSource {
  status: number;
  finalUrl: string;
  engine: ScrapeEngineName;
  /** The HTML extracted from; absent for PDF, text and XML. */
  html?: string;
  screenshot?: CapturedScreenshot;
}

/**
 * Scrapes one page: fetch → decide whether the browser is needed → extract → shape the
 * requested formats. Failures reject with `ScrapeNetworkError` (the target could not be
 * reached or read), `ScrapeError` (no content: non-2xx page, unsupported type, unpassable
 * challenge, no browser) or `ExtractionError` (unreadable PDF); nothing else is expected.
 */
export function createScrapeService(options: ScrapeServiceOptions) {
  const { fetchEngine, browserEngine, prices } = options;
  const notify = options.notify ?? (() => undefined);
  const now = options.now ?? (() => new Date());
  const reader = options.reader ?? inThreadReader;

  /** Scrapes and tells `notify` about a page with content. */
  async function scrape(input: ScrapeInput, signal?: AbortSignal, account?: number): Promise<ScrapeResult> {
    return (await scrapeWithScreenshot(input, signal, account)).result;
  }

  /** Like `scrape`, and hands back the screenshot the input asked for. */
  async function scrapeWithScreenshot(input: ScrapeInput, signal?: AbortSignal, account?: number): Promise<ScrapeWithScreenshot> {
    const { result, page, screenshot } = await scrapeWithPage(input, signal, account);
    if (page !== undefined) notify(page);
    return screenshot === undefined ? { result } : { result, screenshot };
  }

  /** Scrapes and hands back the page with its HTML instead of telling `notify` (the Firecrawl surface's formats). */
  async function scrapeWithPage(input: ScrapeInput, signal?: AbortSignal, account?: number): Promise<ScrapeWithPage> {
    if ((input.render === 'always' || input.screenshot !== undefined) && !browserEngine.available) throw browserNotInstalledError();
    const fetchedAt = now();
    const fetched = await fetchEngine.fetch(input.url, { signal });
    const kind = classifyContent(fetched.contentType, fetched.body, fetched.finalUrl);
    if (kind === undefined) throw isSuccess(fetched.status) ? unsupportedContentError(fetched.contentType) : targetStatusError(fetched.status);

    if (kind !== 'html') {
      // PDFs, text, Markdown and XML carry their content in the bytes: no browser can add to them.
      if (!isSuccess(fetched.status)) throw targetStatusError(fetched.status);
      if (input.screenshot !== undefined) throw screenshotOfDocumentError(fetched.contentType);
      const page = await reader.readDocument(kind, fetched, signal, laneOf(account));
      return finish(input, fetched, { status: fetched.status, finalUrl: fetched.finalUrl, engine: 'fetch' }, page, fetchedAt, account);
    }

    return scrapeHtml(input, fetched, fetchedAt, signal, account);
  }

  /** Reads the fetched page, or the browser's rendering of it when needed, and extracts it. */
  async function scrapeHtml(
    input: ScrapeInput,
    fetched: FetchedResponse,
    fetchedAt: Date,
    signal: AbortSignal | undefined,
    account: number | undefined,
  ): Promise<ScrapeWithPage> {
    const html = decodeHtmlBytes(fetched.body, fetched.headers['content-type']);
    const owner = laneOf(account);
    let source: ContentSource = { html, status: fetched.status, finalUrl: fetched.finalUrl, engine: 'fetch' };
    // With `render: "always"` the fetched page is only the way to the final URL: not worth reading.
    const rendersAnyway = input.render === 'always' || input.screenshot !== undefined;
    let reading = rendersAnyway ? undefined : await reader.readHtml(html, source.finalUrl, source.status, signal, owner);
    if (browserEngine.available && (input.screenshot !== undefined || needsBrowser(input, source.status, reading))) {
      // Rendered from the final URL: the redirects are already known to lead there. The screenshot is of this same rendering.
      const rendered = await browserEngine.render(fetched.finalUrl, { signal, ...(input.screenshot === undefined ? {} : { screenshot: input.screenshot }) });
      source = { html: rendered.html, status: rendered.status, finalUrl: rendered.finalUrl, engine: 'browser', screenshot: rendered.screenshot };
      reading = await reader.readHtml(rendered.html, rendered.finalUrl, rendered.status, signal, owner);
    }
    reading ??= await reader.readHtml(html, source.finalUrl, source.status, signal, owner);
    if (reading.challenge) throw challengeError(new URL(source.finalUrl).host);
    if (!isSuccess(source.status)) throw targetStatusError(source.status);
    return finish(input, fetched, source, reading.page, fetchedAt, account);
  }

  function needsBrowser(input: ScrapeInput, status: number, fetched: HtmlReading | undefined): boolean {
    switch (input.render) {
      case 'never':
        return false;
      case 'always':
        return true;
      case 'auto':
        // A non-2xx page stays one when rendered, unless it is an interstitial in front of the real page.
        return fetched !== undefined && (fetched.challenge || (isSuccess(status) && fetched.scriptShell));
    }
  }

  function finish(
    input: ScrapeInput,
    fetched: FetchedResponse,
    source: ContentSource,
    page: ExtractedPage,
    fetchedAt: Date,
    account: number | undefined,
  ): ScrapeWithPage {
    // A picture of the page is content of its own, even of a page without text.
    const content = page.text.trim() !== '' || page.markdown.trim() !== '' || source.screenshot !== undefined;
    const metadata: ScrapedMetadata = {
      title: page.title ?? null,
      description: page.description ?? null,
      status_code: source.status,
      url: source.finalUrl,
      content_type: fetched.contentType ?? null,
      language: page.language ?? null,
      canonical_url: page.canonicalUrl,
      published: page.published ?? null,
      author: page.author ?? null,
      site_name: page.siteName ?? null,
      engine: source.engine,
      warnings: page.warnings,
    };
    const data: ScrapedData = { metadata };
    if (input.formats.includes('markdown')) data.markdown = page.markdown;
    if (input.formats.includes('text')) data.text = page.text;
    if (input.formats.includes('json')) data.json = toJsonFormat(page, source.finalUrl);
    const result = { data, billing: { browser: source.engine === 'browser', content } };
    if (!content) return { result };
    return {
      result,
      ...(source.screenshot === undefined ? {} : { screenshot: source.screenshot }),
      page: {
        url: input.url,
        finalUrl: source.finalUrl,
        status: source.status,
        contentType: fetched.contentType,
        engine: source.engine,
        ...(source.html === undefined ? {} : { html: source.html }),
        page,
        fetchedAt,
        ...(account === undefined ? {} : { account }),
        ...(fetched.headers['x-robots-tag'] === undefined ? {} : { robotsTag: String(fetched.headers['x-robots-tag']) }),
      },
    };
  }

  return {
    /** False when no Chromium is installed: `render: "always"` is refused, `auto` stays with the fetched page. */
    browserAvailable: browserEngine.available,
    /** The most a scrape with this render mode can cost: what the hold must cover. */
    maxCost(render: ScrapeInput['render']): number {
      const mayRender = render !== 'never' && browserEngine.available;
      return prices.scrape + (mayRender ? prices.browser : 0);
    },
    /** Nothing without content; the base price, plus the browser's when it was needed. */
    costOf(billing: ScrapeBilling): number {
      if (!billing.content) return 0;
      return prices.scrape + (billing.browser ? prices.browser : 0);
    },
    scrape,
    scrapeWithScreenshot,
    scrapeWithPage,
  };
}

export type ScrapeService = ReturnType<typeof createScrapeService>;

/** The reader's lane for an account: the worker pool serves accounts in turn (no account: the shared lane). */
function laneOf(account: number | undefined): string | undefined {
  return account === undefined ? undefined : String(account);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
