/**
 * The `changeTracking` format on Firecrawl's scrape: the scraped document compared with the
 * account's last scrape of the page (src/use-cases/change-tracking.ts), and Firecrawl's answer for
 * a tracked page that is gone.
 */
import type { ChangeTrackingOptions } from '../../changes/index.js';
import { parseScrapeRequest, ScrapeError } from '../../scrape/index.js';
import type { ChangeTrackingUseCase } from '../../use-cases/change-tracking.js';
import type { FirecrawlDocument } from './document.js';
import { FIRECRAWL_FORMATS, type ResolvedScrapeOptions } from './scrape-options.js';

/** The page as tracking reads it: its Markdown is what is compared, whether or not the client asked for it. */
export function withMarkdown(options: ResolvedScrapeOptions): ResolvedScrapeOptions {
  if (options.changeTracking === undefined) return options;
  return { ...options, formats: FIRECRAWL_FORMATS.filter((format) => format === 'markdown' || options.formats.includes(format)) };
}

/** The key a page's snapshots are kept under: its URL in canonical form (as the scrape cache's). */
const canonicalUrl = (url: string) => parseScrapeRequest({ url, formats: ['markdown'] }).input.url;

/** The document with its `changeTracking` (and its Markdown only when asked for); unchanged without tracking. */
export async function tracked(
  changes: ChangeTrackingUseCase,
  account: number,
  url: string,
  options: ResolvedScrapeOptions,
  document: FirecrawlDocument,
): Promise<FirecrawlDocument> {
  const tracking = options.changeTracking;
  if (tracking === undefined) return document;
  const { markdown, ...rest } = document;
  const change = await changes.track(account, canonicalUrl(url), tracking, markdown ?? '');
  const warning = [document.warning, ...change.warnings].filter((text) => text !== undefined).join(' ');
  return {
    ...rest,
    ...(options.formats.includes('markdown') ? { markdown } : {}),
    changeTracking: change.changeTracking,
    ...(warning === '' ? {} : { warning }),
  };
}

/**
 * A tracked page that now answers 404 or 410 and that the account has a snapshot of: Firecrawl's
 * document with `changeStatus: "removed"` (nothing charged: the scrape found no content). Undefined
 * for any other failure, which answers as usual.
 */
export async function goneDocument(
  changes: ChangeTrackingUseCase,
  account: number,
  url: string,
  tracking: ChangeTrackingOptions | undefined,
  error: unknown,
): Promise<FirecrawlDocument | undefined> {
  if (tracking === undefined || !(error instanceof ScrapeError) || error.code !== 'target_status') return undefined;
  const canonical = canonicalUrl(url);
  const changeTracking = await changes.removed(account, canonical, tracking, error.targetStatus);
  if (changeTracking === undefined) return undefined;
  return {
    metadata: { sourceURL: url, url: canonical, statusCode: error.targetStatus!, proxyUsed: 'basic', creditsUsed: 0, error: error.message },
    changeTracking,
  };
}
