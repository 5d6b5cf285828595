import type { ExtractedPage } from './extract/index.js';

/** Which engine produced the content a scrape returned. */
export type ScrapeEngineName = 'fetch' | 'browser';

/** One successful scrape, as handed to `onScraped` listeners (the local search index). */
export interface ScrapedPage {
  /** The URL as requested (normalised, without fragment). */
  readonly url: string;
  /** The URL the content came from, after redirects (and client-side navigation when rendered). */
  readonly finalUrl: string;
  /** HTTP status the target answered with (always 2xx: only content is reported). */
  readonly status: number;
  /** Declared MIME type of the response, when the target sent one. */
  readonly contentType: string | undefined;
  readonly engine: ScrapeEngineName;
  /** The HTML the content was extracted from (rendered DOM after the browser); absent for PDF, text and XML. */
  readonly html?: string;
  readonly page: ExtractedPage;
  readonly fetchedAt: Date;
  /** The account that asked for the scrape: the page is indexed for it alone unless shared (INDEX_SCRAPES). */
  readonly account?: number;
  /** The target's `X-Robots-Tag` header, when it sent one (`noindex` keeps the page out of the shared index). */
  readonly robotsTag?: string;
}

/**
 * Told about every fresh, successful scrape (never about cache hits or failures). It runs
 * after the answer is on its way; whatever it throws or rejects with is logged and goes no
 * further, so a slow or broken listener cannot fail or delay a scrape.
 */
export type ScrapeListener = (page: ScrapedPage) => void | Promise<void>;

export interface PageNotifierOptions {
  readonly listener: ScrapeListener | undefined;
  readonly onError: (error: unknown, page: ScrapedPage) => void;
}

/** A fire-and-forget `notify(page)` around an optional listener. */
export function createPageNotifier(options: PageNotifierOptions): (page: ScrapedPage) => void {
  const { listener, onError } = options;
  if (listener === undefined) return () => undefined;
  return (page) => {
    // setImmediate: the listener starts only after the scrape's own continuation has run.
    setImmediate(() => {
      try {
        Promise.resolve(listener(page)).catch((error: unknown) => onError(error, page));
      } catch (error) {
        onError(error, page);
      }
    });
  };
}
