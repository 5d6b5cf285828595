/**
 * Jina Reader's operations over the scrape and search use cases: a read is one scrape, a search
 * (with its pages read) is one metered operation with one hold and one charge.
 */
import type { Caller } from '../../credits/index.js';
import { SCRAPE_USE_CASE_ENDPOINT, type ScrapeInput } from '../../use-cases/scrape.js';
import { SEARCH_ENDPOINT, type SearchHit, type SearchResult } from '../../use-cases/search.js';
import type { AgentOps } from '../agent-ops.js';
import { CompatError } from '../compat-error.js';
import { isCallerFailure } from '../domain-errors.js';
import { inOrder } from '../../use-cases/in-order.js';
import { queryWithDomains } from '../search-filters.js';
import { readerPage, type ReaderPage } from './format.js';
import type { ReaderOptions } from './options.js';

/** The scrape a read in `options`' mode asks for: `html` is the scrape's cleaned `<body>`, the others a format. */
function scrapeInput(url: string, options: ReaderOptions): ScrapeInput {
  const useCache = !options.noCache;
  return options.mode === 'html' ? { url, formats: [], cleanHtml: true, useCache } : { url, formats: [options.mode], useCache };
}

/** One page, as one metered scrape (a cached copy is charged in one step, as `POST /api/v1/scrape/` charges it). */
export async function jinaRead(ops: AgentOps, caller: Caller, url: string, options: ReaderOptions): Promise<ReaderPage> {
  const input = scrapeInput(url, options);
  const done = await ops.metering.meter(
    caller,
    SCRAPE_USE_CASE_ENDPOINT,
    ops.scrape.maxCost,
    (signal) => ops.scrape.run(caller.accountId, input, signal),
    () => ops.scrape.stored(input),
  );
  return readerPage(done.body, options.mode);
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

/** A result as s.jina.ai lists it: the page's true date, in ISO form, when the search knows it. */
function listing(hit: SearchHit): ReaderPage {
  return {
    title: hit.title,
    description: hit.snippet,
    url: hit.url,
    content: '',
    ...(hit.publishedAt === undefined ? {} : { publishedTime: hit.publishedAt.toISOString() }),
  };
}

/**
 * s.jina.ai over the web search and (unless `no-content`) a read of every result, as ONE metered
 * operation: one hold of the search's price plus the most each read can cost, one charge of what
 * they did cost. A page that cannot be read keeps its listing with empty content and costs nothing;
 * a failure of the caller (gone, credits) fails the whole.
 */
export async function jinaSearch(ops: AgentOps, caller: Caller, search: JinaSearch): Promise<ReaderPage[]> {
  if (search.count === 0) return [];
  const input = { query: queryWithDomains(search.query, search.sites), vertical: 'web' as const, limit: search.count };
  const maxCost = ops.search.price + (search.withContent ? search.count * ops.scrape.maxCost : 0);
  const work = async (signal: AbortSignal) => {
    const found = await ops.search.run(caller.accountId, input, signal);
    if (!search.withContent) return { body: found.body.hits.map(listing), cost: found.cost };
    let cost = found.cost;
    const pages = await inOrder(found.body.hits, async (hit): Promise<ReaderPage> => {
      try {
        const page = await ops.scrape.run(caller.accountId, scrapeInput(hit.url, search.options), signal);
        cost += page.cost;
        return { ...listing(hit), content: readerPage(page.body, search.options.mode).content };
      } catch (error) {
        if (signal.aborted || isCallerFailure(error)) throw error;
        return listing(hit);
      }
    });
    return { body: pages, cost };
  };
  // Refused before anything is held when no engine can answer (nothing charged).
  await ops.search.ensureAnswerable(input);
  const known = search.withContent ? undefined : async () => listed(await ops.search.stored(caller.accountId, input));
  return (await ops.metering.meter<ReaderPage[]>(caller, SEARCH_ENDPOINT, maxCost, work, known)).body;
}

function listed(stored: { readonly body: SearchResult; readonly cost: number } | undefined) {
  return stored === undefined ? undefined : { body: stored.body.hits.map(listing), cost: stored.cost };
}
