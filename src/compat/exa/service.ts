import { randomUUID } from 'node:crypto';
import { CompatError } from '../compat-error.js';
import type { Caller } from '../../credits/index.js';
import { inOrder } from '../../use-cases/in-order.js';
import { readPages } from '../../use-cases/read-pages.js';
import { SEARCH_ENDPOINT, type SearchHit, type SearchInput } from '../../use-cases/search.js';
import type { AgentOps } from '../agent-ops.js';
import { queryWithDomains, rangeTbs, rankScore } from '../search-filters.js';
import { isoDate } from '../tavily/search.js';
import { checkContentOptions, contentsInput, contentsOf, contentsOutcome } from './contents.js';
import type { ContentsOptions, ExaContentsRequest, ExaSearchRequest } from './schemas.js';

function refuseUnsupported(body: ExaSearchRequest): void {
  if (body.moderation === true) throw new CompatError(400, 'moderation is not supported');
  if (body.contents) checkContentOptions(body.contents);
}

/** Exa's `includeText`/`excludeText` phrases as quoted query terms. */
function queryOf(body: ExaSearchRequest): string {
  const phrase = (text: string) => `"${text.replace(/"/g, '')}"`;
  return [body.query, ...(body.includeText ?? []).map(phrase), ...(body.excludeText ?? []).map((t) => `-${phrase(t)}`)].join(' ');
}

/** A search result as Exa lists it: the date is the page's true one (ISO), or null. */
function listing(hit: SearchHit, total: number) {
  return { id: hit.url, url: hit.url, title: hit.title, publishedDate: isoDate(hit.publishedAt) ?? null, author: null, score: rankScore(hit.position, total) };
}

/** A result without text; the highlight is the query-focused snippet Quarry's search already produced. */
function listed(hit: SearchHit, total: number, contents: ContentsOptions | undefined) {
  return { ...listing(hit, total), ...(contents?.highlights ? { highlights: [hit.snippet], highlightScores: [1] } : {}) };
}

/**
 * Exa `POST /search`: one search, plus a scrape per result when `contents.text` is asked for, as
 * ONE metered operation (one hold, one charge of what it did cost).
 */
export async function exaSearch(ops: AgentOps, caller: Caller, body: ExaSearchRequest) {
  refuseUnsupported(body);
  const input: SearchInput = {
    query: queryWithDomains(queryOf(body), body.includeDomains, body.excludeDomains),
    vertical: body.category === 'news' ? 'news' : 'web',
    limit: body.numResults ?? 10,
    tbs: rangeTbs(body.startPublishedDate, body.endPublishedDate),
    country: body.userLocation?.toLowerCase(),
  };
  const contents = body.contents === false ? undefined : body.contents;
  const withText = contents?.text !== undefined && contents.text !== false;
  const maxCost = ops.search.price + (withText ? input.limit * ops.scrape.maxCost : 0);
  const work = async (signal: AbortSignal) => {
    const found = await ops.search.run(caller.accountId, input, signal);
    const hits = found.body.hits;
    let cost = found.cost;
    const shaped = await inOrder(hits, async (hit) => {
      if (!withText || !contents) return listed(hit, hits.length, contents);
      const base = listing(hit, hits.length);
      {
        const page = await contentsOf(ops.scrape, caller.accountId, hit.url, contents, signal, body.query);
        if (page.ok) {
          cost += page.cost;
          return {
            ...base,
            ...page.contents,
            id: hit.url,
            url: hit.url,
            title: page.contents.title ?? hit.title,
            publishedDate: page.contents.publishedDate ?? base.publishedDate,
          };
        }
        // Exa drops results without contents only when asked to (filterEmptyResults); otherwise they stay, text-less.
        if (contents.filterEmptyResults === true) return undefined;
      }
      return listed(hit, hits.length, contents);
    });
    return { body: shaped.filter((result) => result !== undefined), cost };
  };
  // Without text, a stored search is the whole answer: charged in one step, like a REST cache hit.
  const known = async () => {
    const stored = await ops.search.stored(caller.accountId, input);
    return stored === undefined ? undefined : { body: stored.body.hits.map((hit) => listed(hit, stored.body.hits.length, contents)), cost: stored.cost };
  };
  // Refused before anything is held when no engine can answer (nothing charged).
  await ops.search.ensureAnswerable(input);
  const done = await ops.metering.meter(caller, SEARCH_ENDPOINT, maxCost, work, withText ? undefined : known);
  return { requestId: randomUUID(), resolvedSearchType: 'keyword', searchType: 'keyword', results: done.body };
}

/** Exa `POST /contents`: the URLs read as ONE metered operation; a page that fails is reported in `statuses` (and costs nothing), not as an error. */
export async function exaContents(ops: AgentOps, caller: Caller, body: ExaContentsRequest) {
  const urls = body.urls ?? body.ids;
  if (urls === undefined) throw new CompatError(400, 'urls is required');
  checkContentOptions(body);
  // Exa's default for /contents is the page text.
  const options = body.text === undefined && body.highlights === undefined ? { ...body, text: true } : body;
  const done = await readPages(
    ops,
    caller,
    urls.map((url) => contentsInput(url, options)),
    (page, index) => contentsOutcome(page, urls[index]!, options),
  );
  const results = [];
  const statuses = [];
  for (const [index, page] of done.body.entries()) {
    const url = urls[index]!;
    if (page.ok) {
      results.push({ id: url, ...page.contents, url });
      statuses.push({ id: url, status: 'success' as const });
    } else {
      statuses.push({ id: url, status: 'error' as const, error: { tag: page.status === 400 ? 'INVALID_URL' : 'CRAWL_FAILED', httpStatusCode: page.status } });
    }
  }
  return { requestId: randomUUID(), results, statuses };
}
