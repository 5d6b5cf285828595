/**
 * The crawler: from a seed URL, breadth-first through links (and the site's sitemaps) into the
 * index, through the SSRF-guarded fetch engine, obeying robots.txt, pausing between requests to
 * one host, within page and depth limits. Every page it requests counts toward `maxPages`, kept
 * or not, and links its caller does not want are never queued, so a crawl's cost is bounded by
 * its limit. Its frontier lives in the database, so a crawl that was interrupted resumes when run
 * again with the same seed and limits (or the same owner).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FetchEngine } from '../scrape/net/index.js';
import { openFrontier, type CrawlSettings, type FrontierCounts, type FrontierEntry } from './frontier.js';
import { createPoliteness, type Politeness } from './politeness.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsPolicy } from './robots.js';
import { parseSitemap, sitemapText } from './sitemap.js';

/** What the crawler needs to know of a page it handed over: whether it was kept, and the links to follow. */
export interface CrawledPageFacts {
  readonly links: readonly string[];
  readonly robots: { readonly nofollow: boolean };
}

/** Where crawled pages go (the local index's `Indexer` is one): the crawler depends on this, not on the index. */
export interface CrawlIndexer {
  indexHtml(
    html: string,
    url: string,
    source: 'crawl',
  ): Promise<
    | { readonly status: 'indexed'; readonly facts: CrawledPageFacts }
    | { readonly status: 'skipped'; readonly reason: string; readonly facts?: CrawledPageFacts }
  >;
}

/**
 * The URL a page is stored under: fragment removed, default port dropped (the URL parser does
 * that), scheme and host lower-cased. The same page fetched twice replaces its earlier copy.
 */
export function pageKey(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  return url.href;
}

export interface CrawlerOptions {
  readonly db: Kysely<Database>;
  /** The guarded fetch engine (its allow-list is `SCRAPE_ALLOWED_HOSTS`), sending `userAgent`. */
  readonly fetchEngine: FetchEngine;
  readonly indexer: CrawlIndexer;
  /** The User-Agent the fetch engine sends; robots.txt groups are matched on its product token. */
  readonly userAgent: string;
  /** Pause between two requests to one host, in ms (`CRAWL_DELAY_MS`); a longer robots.txt crawl-delay wins. */
  readonly delayMs: number;
  /** Default: the wall clock. */
  readonly now?: () => Date;
  /** Default: a real timer (tests may pass their own politeness). */
  readonly politeness?: Politeness;
}

export interface CrawlRequest extends CrawlSettings {
  readonly seed: string;
  /** The crawl the frontier belongs to; it is resumed by this owner only. */
  readonly owner?: string;
  /** Whether a discovered URL is worth fetching; the rest are never queued. The seed is always fetched. */
  readonly follow?: (url: URL) => boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: CrawlProgress) => void;
}

export interface CrawlProgress extends FrontierCounts {
  readonly url: string;
  readonly outcome: 'indexed' | 'skipped' | 'failed';
  readonly reason?: string;
  readonly maxPages: number;
}

export interface CrawlReport extends FrontierCounts {
  readonly jobId: number;
  readonly resumed: boolean;
  /** True when the crawl ran out of URLs or reached its page limit; false when it was stopped. */
  readonly finished: boolean;
}

/** Links to these are not pages; fetching them would only be refused as not HTML. */
const NOT_PAGES =
  /\.(?:jpe?g|png|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4[av]|webm|mov|avi|ogg|wav|flac|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|iso|apk|woff2?|ttf|otf|eot|css|js|json|xml|rss|atom|pdf|docx?|xlsx?|pptx?)$/i;
const MAX_SITEMAPS = 20;
/**
 * A frontier holds at most this many URLs per page of the limit (and at least MIN_FRONTIER):
 * breadth-first, the crawl reaches its limit long before it could use more, and a site of pages
 * with thousands of links cannot grow the table without end.
 */
const FRONTIER_PER_PAGE = 20;
const MIN_FRONTIER = 1_000;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createCrawler(options: CrawlerOptions) {
  const { db, fetchEngine, indexer } = options;
  const now = options.now ?? (() => new Date());
  const politeness = options.politeness ?? createPoliteness();
  /** robots.txt per origin, or why it could not be read (its pages then fail with that reason). */
  const robotsByOrigin = new Map<string, RobotsPolicy | { readonly unreachable: string }>();

  async function politeFetch(url: URL, robots: RobotsPolicy | undefined, signal: AbortSignal | undefined) {
    const delay = Math.max(options.delayMs, (robots?.crawlDelaySeconds ?? 0) * 1000);
    await politeness.wait(url.host, delay, signal);
    return fetchEngine.fetch(url, signal ? { signal } : {});
  }

  async function robotsFor(origin: string, signal: AbortSignal | undefined): Promise<RobotsPolicy | { readonly unreachable: string }> {
    const known = robotsByOrigin.get(origin);
    if (known) return known;
    let policy: RobotsPolicy | { readonly unreachable: string };
    try {
      const response = await politeFetch(new URL('/robots.txt', origin), undefined, signal);
      if (response.status >= 200 && response.status < 300) policy = parseRobots(response.text ?? response.body.toString('utf8'), options.userAgent, origin);
      // RFC 9309: a missing robots.txt allows everything; an unreachable one forbids everything.
      else policy = response.status >= 400 && response.status < 500 ? ALLOW_ALL : DISALLOW_ALL;
    } catch (error) {
      if (signal?.aborted) throw error;
      policy = { unreachable: `robots.txt could not be fetched: ${describe(error)}` };
    }
    robotsByOrigin.set(origin, policy);
    return policy;
  }

  /** Page URLs listed by the origin's sitemaps (those robots.txt names, else /sitemap.xml), following sitemap indexes. */
  async function sitemapPages(origin: string, robots: RobotsPolicy, limit: number, signal: AbortSignal | undefined): Promise<string[]> {
    const pending = robots.sitemaps.length > 0 ? [...robots.sitemaps] : [new URL('/sitemap.xml', origin).href];
    const seen = new Set<string>();
    const pages: string[] = [];
    while (pending.length > 0 && seen.size < MAX_SITEMAPS && pages.length < limit) {
      const next = pending.shift() ?? '';
      if (seen.has(next)) continue;
      seen.add(next);
      try {
        const response = await politeFetch(new URL(next), robots, signal);
        if (response.status < 200 || response.status >= 300) continue;
        const entries = parseSitemap(sitemapText(response.body), response.finalUrl);
        pending.push(...entries.sitemaps);
        pages.push(...entries.pages);
      } catch (error) {
        if (signal?.aborted) throw error;
        // A broken or missing sitemap only means fewer starting points.
      }
    }
    return pages.slice(0, limit);
  }

  return {
    async crawl(request: CrawlRequest): Promise<CrawlReport> {
      const { signal } = request;
      const seedUrl = new URL(pageKey(request.seed));
      const settings: CrawlSettings = { maxPages: request.maxPages, maxDepth: request.maxDepth, sameHost: request.sameHost };
      const frontier = await openFrontier(db, seedUrl.href, settings, now, request.owner ?? null);
      const follow = request.follow ?? (() => true);
      const inScope = (url: URL) =>
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        (!settings.sameHost || url.hostname === seedUrl.hostname) &&
        !NOT_PAGES.test(url.pathname) &&
        follow(url);
      const frontierCap = Math.max(MIN_FRONTIER, settings.maxPages * FRONTIER_PER_PAGE);
      let frontierSize = await frontier.size();
      const enqueue = async (entries: FrontierEntry[]) => {
        const room = frontierCap - frontierSize;
        if (room <= 0 || entries.length === 0) return;
        await frontier.add(entries.slice(0, room));
        frontierSize = await frontier.size();
      };

      if (!frontier.resumed && settings.maxDepth >= 1) {
        const robots = await robotsFor(seedUrl.origin, signal);
        const listed = 'unreachable' in robots ? [] : await sitemapPages(seedUrl.origin, robots, settings.maxPages * 10, signal);
        await enqueue(
          listed
            .map((url) => new URL(url))
            .filter(inScope)
            .map((url): FrontierEntry => ({ url: pageKey(url.href), depth: 1 })),
        );
      }

      let counts = await frontier.counts();
      // Pages requested so far; a resumed crawl counts every settled URL, which never undercounts.
      let fetched = counts.done + counts.failed + counts.skipped;
      const report = (url: string, outcome: CrawlProgress['outcome'], reason?: string) =>
        request.onProgress?.({ ...counts, url, outcome, maxPages: settings.maxPages, ...(reason === undefined ? {} : { reason }) });

      for (;;) {
        signal?.throwIfAborted();
        if (fetched >= settings.maxPages) break;
        const entry = await frontier.next();
        if (entry === undefined) break;
        const url = new URL(entry.url);
        const robots = await robotsFor(url.origin, signal);
        let outcome: CrawlProgress['outcome'];
        let reason: string | undefined;
        if ('unreachable' in robots) {
          outcome = 'failed';
          reason = robots.unreachable;
        } else if (!robots.allows(`${url.pathname}${url.search}`)) {
          outcome = 'skipped';
          reason = 'disallowed by robots.txt';
        } else {
          try {
            fetched += 1;
            const response = await politeFetch(url, robots, signal);
            if (response.status < 200 || response.status >= 300) {
              outcome = 'failed';
              reason = `HTTP ${response.status}`;
            } else if (!HTML_TYPES.has(response.contentType ?? 'text/html') || response.text === undefined) {
              outcome = 'skipped';
              reason = `not an HTML page (${response.contentType ?? 'no type'})`;
            } else {
              const indexed = await indexer.indexHtml(response.text, response.finalUrl, 'crawl');
              outcome = indexed.status === 'indexed' ? 'indexed' : 'skipped';
              if (indexed.status === 'skipped') reason = indexed.reason;
              if (entry.depth < settings.maxDepth && indexed.facts !== undefined && !indexed.facts.robots.nofollow) {
                const links = indexed.facts.links.map((link) => new URL(link)).filter(inScope);
                await enqueue(links.map((link) => ({ url: pageKey(link.href), depth: entry.depth + 1 })));
              }
            }
          } catch (error) {
            if (signal?.aborted) throw error;
            outcome = 'failed';
            reason = describe(error);
          }
        }
        await frontier.settle(entry.url, outcome === 'indexed' ? 'done' : outcome, reason);
        counts = await frontier.counts();
        report(entry.url, outcome, reason);
      }
      await frontier.finish();
      return { jobId: frontier.jobId, resumed: frontier.resumed, finished: true, ...counts };
    },
  };
}

export type Crawler = ReturnType<typeof createCrawler>;
