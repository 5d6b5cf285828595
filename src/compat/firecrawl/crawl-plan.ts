/**
 * A crawl request checked and turned into the plan its job runs. Quarry's crawler stays on the
 * start host, reads the sitemaps, obeys robots.txt and pauses between requests; Firecrawl options
 * that would change what is returned and that it cannot honour answer 400.
 */
import { parseScrapeRequest } from '../../scrape/index.js';
import { InvalidWebhookError, webhookTargetOf, type WebhookTarget } from '../../webhooks/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';
import { checkPathPatterns, pathFilter } from './path-patterns.js';
import { resolveScrapeOptions, type FirecrawlFormat } from './scrape-options.js';
import type { CrawlBody } from './schemas.js';

export interface CrawlPlan {
  readonly seed: string;
  readonly limit: number;
  readonly maxDepth: number;
  readonly sameHost: boolean;
  /** Only pages whose path starts with this are returned (Firecrawl's default without `crawlEntireDomain`). */
  readonly pathPrefix: string;
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
  readonly regexOnFullURL: boolean;
  readonly delayMs: number;
  readonly formats: readonly FirecrawlFormat[];
  /** False: `markdown` and `html` are the whole cleaned page. Absent in plans stored before it existed: true. */
  readonly onlyMainContent?: boolean;
  /** Where the crawl's events go (Firecrawl's `webhook`); absent: nowhere. */
  readonly webhook?: WebhookTarget;
}

/** Firecrawl's crawl events, by the short names `webhook.events` takes. */
export const CRAWL_EVENTS = ['started', 'page', 'completed', 'failed'] as const;

const KNOWN_KEYS = new Set([
  'url',
  'limit',
  'maxDiscoveryDepth',
  'maxDepth',
  'allowExternalLinks',
  'crawlEntireDomain',
  'allowBackwardLinks',
  'sitemap',
  'ignoreSitemap',
  'scrapeOptions',
  'origin',
  'integration',
  'includePaths',
  'excludePaths',
  'regexOnFullURL',
  'delay',
  'maxConcurrency',
  'deduplicateSimilarURLs',
  'ignoreQueryParameters',
  'allowSubdomains',
  'webhook',
  'prompt',
  'robotsUserAgent',
  'zeroDataRetention',
]);
const DEFAULT_DEPTH = 10;
/** Firecrawl's `webhook`: a URL, or `{url, headers?, metadata?, events?}`; null and absent are none. */
function crawlWebhook(raw: unknown): WebhookTarget | undefined {
  try {
    return webhookTargetOf(raw, CRAWL_EVENTS);
  } catch (error) {
    if (error instanceof InvalidWebhookError) throw badRequest(error.message);
    throw error;
  }
}

export function planCrawl(body: CrawlBody, maxPages: number, configDelayMs: number): CrawlPlan {
  const unknown = unknownKeys(body, KNOWN_KEYS);
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.join(', ')}`);
  const record = body as Record<string, unknown>;
  if (record.prompt !== undefined) throw badRequest('prompt is not supported');
  if (record.robotsUserAgent !== undefined) throw badRequest('robotsUserAgent is not supported; robots.txt is read for CRAWL_USER_AGENT');
  if (record.allowSubdomains === true) throw badRequest('allowSubdomains is not supported; use allowExternalLinks');
  if (record.ignoreQueryParameters === true) throw badRequest('ignoreQueryParameters is not supported');
  if (body.sitemap === 'skip' || body.sitemap === 'only' || body.ignoreSitemap === true)
    throw badRequest('sitemap: only "include" is supported (the crawler reads the sitemaps and follows links)');
  if (body.limit !== undefined && body.limit > maxPages) throw badRequest(`limit: at most ${maxPages} pages per crawl on this server`);
  // The schema bounds `delay` (0–60 s, a 400 naming the field before this point).
  const delay = body.delay;
  const scrape = resolveScrapeOptions(body.scrapeOptions ?? {}, 'scrapeOptions.', false, ['markdown']);
  if (scrape.render === 'always') throw badRequest('scrapeOptions.waitFor: crawled pages are fetched without the browser');
  const { input } = parseScrapeRequest({ url: body.url, formats: ['markdown'] });
  const seed = new URL(input.url);
  const wholeSite = body.crawlEntireDomain === true || body.allowBackwardLinks === true;
  const webhook = crawlWebhook(record.webhook);
  return {
    seed: seed.href,
    limit: body.limit ?? maxPages,
    maxDepth: body.maxDiscoveryDepth ?? body.maxDepth ?? DEFAULT_DEPTH,
    sameHost: body.allowExternalLinks !== true,
    pathPrefix: wholeSite ? '/' : seed.pathname.replace(/[^/]*$/, '') || '/',
    ...checkPathPatterns(record.includePaths, record.excludePaths),
    regexOnFullURL: record.regexOnFullURL === true,
    delayMs: Math.max(configDelayMs, (delay ?? 0) * 1000),
    formats: scrape.formats,
    onlyMainContent: scrape.onlyMainContent,
    ...(webhook === undefined ? {} : { webhook }),
  };
}

/** Whether a page belongs to the crawl: links that do not are never fetched, and a redirect that lands outside is left out of the answer. */
export function wanted(plan: CrawlPlan, url: URL): boolean {
  if (url.pathname !== new URL(plan.seed).pathname && !url.pathname.startsWith(plan.pathPrefix)) return false;
  const target = plan.regexOnFullURL ? url.href : url.pathname;
  return pathFilter(plan).passes(target);
}
