import { CompatError } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { inOrder, isRequestLevelFailure, scrapeVia } from '../scrape-bridge.js';
import { searchVia } from '../search-bridge.js';
import { readerPage, type ReaderPage } from './format.js';
import type { ReaderOptions } from './options.js';

/** One page through Quarry's scrape, in the chosen mode. */
export async function jinaRead(rest: QuarryRest, apiKey: string, url: string, options: ReaderOptions): Promise<ReaderPage> {
  const outcome = await scrapeVia(rest, apiKey, url, [options.mode], { useCache: !options.noCache });
  if (!outcome.ok) throw CompatError.fromRest(outcome.answer);
  return readerPage(outcome.data, options.mode);
}

const DEFAULT_COUNT = 5;

/** `count`/`num` of a search as given in a query string: a whole number 0–20. */
export function searchCount(raw: string | number | undefined): number {
  if (raw === undefined) return DEFAULT_COUNT;
  const value = typeof raw === 'number' ? raw : /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 0 || value > 20) throw new CompatError(400, 'count must be a whole number from 0 to 20');
  return value;
}

export interface JinaSearch {
  readonly query: string;
  readonly count: number;
  readonly sites: readonly string[];
  readonly withContent: boolean;
  readonly options: ReaderOptions;
}

/**
 * s.jina.ai over Quarry's web search, then (unless `no-content`) a scrape of every result. A
 * result whose page cannot be read keeps its listing with empty content; a failure of the caller
 * (key, credits, throttle) is the answer.
 */
export async function jinaSearch(rest: QuarryRest, apiKey: string, search: JinaSearch, now: Date): Promise<ReaderPage[]> {
  if (search.count === 0) return [];
  const outcome = await searchVia(rest, apiKey, { query: search.query, vertical: 'web', limit: search.count, includeDomains: search.sites }, now);
  if (!outcome.ok) throw CompatError.fromRest(outcome.answer);
  const pages = await inOrder(outcome.items, async (item): Promise<ReaderPage> => {
    const listing = { title: item.title, description: item.snippet, url: item.url, content: '', ...(item.publishedDate ? { publishedTime: item.publishedDate } : {}) };
    if (!search.withContent) return listing;
    const scraped = await scrapeVia(rest, apiKey, item.url, [search.options.mode], { useCache: !search.options.noCache });
    if (!scraped.ok && isRequestLevelFailure(scraped.answer.status)) throw CompatError.fromRest(scraped.answer);
    return scraped.ok ? { ...listing, content: readerPage(scraped.data, search.options.mode).content } : listing;
  });
  return pages;
}
