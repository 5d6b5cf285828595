import { CompatError } from '../compat-error.js';
import type { QuarryRest, RestAnswer } from '../quarry-rest.js';
import { inOrder, isRequestLevelFailure, scrapeVia } from '../scrape-bridge.js';
import { searchVia } from '../search-bridge.js';
import { readerPage, type ReaderPage } from './format.js';
import type { ReaderOptions } from './options.js';

type ReadOutcome = { readonly ok: true; readonly page: ReaderPage } | { readonly ok: false; readonly answer: RestAnswer };

/** The Firecrawl-compatible document fields the `html` mode reads. */
interface HtmlDocument {
  readonly html?: string;
  readonly metadata: { readonly title?: string; readonly description?: string; readonly url: string };
}

/**
 * One page in the chosen mode. Markdown and text come from `POST /api/v1/scrape/`; the contract
 * fixes its formats, so `html` comes from the Firecrawl-compatible `POST /v2/scrape`, which has
 * it, metered, cached and charged as one scrape like the other.
 */
async function readVia(rest: QuarryRest, apiKey: string, url: string, options: ReaderOptions): Promise<ReadOutcome> {
  if (options.mode !== 'html') {
    const outcome = await scrapeVia(rest, apiKey, url, [options.mode], { useCache: !options.noCache });
    return outcome.ok ? { ok: true, page: readerPage(outcome.data, options.mode) } : outcome;
  }
  const answer = await rest.post('/v2/scrape', apiKey, { url, formats: ['html'], ...(options.noCache ? { maxAge: 0 } : {}) });
  if (answer.status !== 200) return { ok: false, answer };
  const { html, metadata } = (answer.body as { data: HtmlDocument }).data;
  return { ok: true, page: { title: metadata.title ?? '', description: metadata.description ?? '', url: metadata.url, content: html ?? '' } };
}

/** One page through Quarry's scrape, in the chosen mode. */
export async function jinaRead(rest: QuarryRest, apiKey: string, url: string, options: ReaderOptions): Promise<ReaderPage> {
  const outcome = await readVia(rest, apiKey, url, options);
  if (!outcome.ok) throw CompatError.fromRest(outcome.answer);
  return outcome.page;
}

/** `html` needs the Firecrawl-compatible API; without it the mode is refused before anything is charged. */
export function checkMode(options: ReaderOptions, htmlAvailable: boolean): ReaderOptions {
  if (options.mode === 'html' && !htmlAvailable) {
    throw new CompatError(400, 'X-Return-Format: html needs the Firecrawl-compatible API, which this server has turned off (COMPAT_FIRECRAWL=off)');
  }
  return options;
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
    const listing = {
      title: item.title,
      description: item.snippet,
      url: item.url,
      content: '',
      ...(item.publishedDate ? { publishedTime: item.publishedDate } : {}),
    };
    if (!search.withContent) return listing;
    const read = await readVia(rest, apiKey, item.url, search.options);
    if (!read.ok && isRequestLevelFailure(read.answer.status)) throw CompatError.fromRest(read.answer);
    return read.ok ? { ...listing, content: read.page.content } : listing;
  });
  return pages;
}
