/**
 * How scraped pages enter the local index (`INDEX_SCRAPES`). A scrape is one account's request,
 * and its URL may be a capability (a reset link, a shared document with a token), so by default
 * (`private`) the page is found by that account alone. With `shared`, the operator opts in to
 * growing the shared index from scrapes, but only with pages a public crawler could have found:
 * no query string, credentials or fragment in the URL, nothing robots.txt disallows to the
 * crawler's User-Agent, nothing marked `noindex` (meta robots, checked by the indexer, or the
 * `X-Robots-Tag` header). A page that fails those rules stays private. `off` indexes nothing.
 */
import type { ScrapedPage } from '../scrape/index.js';
import type { Indexer } from './indexer.js';
import { parseRobots, type RobotsPolicy } from '../crawl/index.js';

export type IndexScrapesMode = 'private' | 'shared' | 'off';

/** Reads robots.txt of an origin; rejects when it cannot be fetched (the page then stays private). */
export type RobotsSource = (origin: string) => Promise<{ readonly status: number; readonly text: string }>;

export interface ScrapeIntakeOptions {
  readonly mode: IndexScrapesMode;
  readonly indexer: Indexer;
  /** Needed with `shared`: how robots.txt is fetched (through the guarded fetch engine). */
  readonly robots?: RobotsSource;
  /** The User-Agent whose robots.txt group decides (`CRAWL_USER_AGENT`). */
  readonly userAgent: string;
}

/** Whether a URL may be listed in the shared index at all (the capability-URL rule). */
export function isShareableUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.search === '' && url.hash === '' && url.username === '' && url.password === '' && !raw.includes('#') && !raw.includes('?');
}

/** Whether an `X-Robots-Tag` value forbids indexing for every crawler (`noindex`, `none`). */
export function robotsTagForbids(value: string | undefined): boolean {
  if (value === undefined) return false;
  return value.split(/[,\s]+/).some((token) => /^(noindex|none)$/i.test(token.replace(/^[^:]*:/, '')));
}

const ROBOTS_CACHE_SIZE = 1000;

/** `onScraped` for the index: private by default, shared only when every rule allows it. */
export function createScrapeIntake(options: ScrapeIntakeOptions): (page: ScrapedPage) => Promise<void> {
  const robotsCache = new Map<string, RobotsPolicy>();

  async function robotsAllow(url: URL): Promise<boolean> {
    if (options.robots === undefined) return false;
    let policy = robotsCache.get(url.origin);
    if (policy === undefined) {
      const answer = await options.robots(url.origin).catch(() => undefined);
      if (answer === undefined) return false;
      // RFC 9309: a missing robots.txt allows everything; one that cannot be read forbids everything.
      if (answer.status >= 200 && answer.status < 300) policy = parseRobots(answer.text, options.userAgent, url.origin);
      else if (answer.status >= 400 && answer.status < 500) policy = parseRobots('', options.userAgent, url.origin);
      else return false;
      if (robotsCache.size >= ROBOTS_CACHE_SIZE) robotsCache.clear();
      robotsCache.set(url.origin, policy);
    }
    return policy.allows(url.pathname);
  }

  async function mayShare(page: ScrapedPage): Promise<boolean> {
    if (options.mode !== 'shared') return false;
    if (!isShareableUrl(page.url) || !isShareableUrl(page.finalUrl) || robotsTagForbids(page.robotsTag)) return false;
    return robotsAllow(new URL(page.finalUrl));
  }

  return async (page) => {
    if (options.mode === 'off' || page.html === undefined) return;
    if (await mayShare(page)) {
      await options.indexer.indexHtml(page.html, page.finalUrl, 'scrape', page.fetchedAt);
      return;
    }
    // A scrape without a known account (none today) has nobody to be private to.
    if (page.account === undefined) return;
    await options.indexer.indexHtml(page.html, page.finalUrl, 'scrape', page.fetchedAt, page.account);
  };
}
