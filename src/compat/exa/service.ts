import { randomUUID } from 'node:crypto';
import { CompatError } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { inOrder } from '../scrape-bridge.js';
import { rangeTbs, rankScore, searchVia } from '../search-bridge.js';
import { checkContentOptions, contentsOf } from './contents.js';
import type { ExaContentsRequest, ExaSearchRequest } from './schemas.js';

function refuseUnsupported(body: ExaSearchRequest): void {
  if (body.moderation === true) throw new CompatError(400, 'moderation is not supported');
  if (body.contents) checkContentOptions(body.contents);
}

/** Exa's `includeText`/`excludeText` phrases as quoted query terms. */
function queryOf(body: ExaSearchRequest): string {
  const phrase = (text: string) => `"${text.replace(/"/g, '')}"`;
  return [body.query, ...(body.includeText ?? []).map(phrase), ...(body.excludeText ?? []).map((t) => `-${phrase(t)}`)].join(' ');
}

/** Exa `POST /search` over Quarry's combined search, plus a scrape per result when `contents.text` is asked for. */
export async function exaSearch(rest: QuarryRest, apiKey: string, body: ExaSearchRequest, now: () => Date) {
  refuseUnsupported(body);
  const outcome = await searchVia(
    rest,
    apiKey,
    {
      query: queryOf(body),
      vertical: body.category === 'news' ? 'news' : 'web',
      limit: body.numResults ?? 10,
      includeDomains: body.includeDomains,
      excludeDomains: body.excludeDomains,
      tbs: rangeTbs(body.startPublishedDate, body.endPublishedDate),
      country: body.userLocation?.toLowerCase(),
    },
    now(),
  );
  if (!outcome.ok) throw CompatError.fromRest(outcome.answer);
  const contents = body.contents === false ? undefined : body.contents;
  const shaped = await inOrder(outcome.items, async (item) => {
    const base = {
      id: item.url,
      url: item.url,
      title: item.title,
      publishedDate: item.publishedDate ?? null,
      author: null,
      score: rankScore(item.position, outcome.items.length),
    };
    if (contents?.text) {
      const page = await contentsOf(rest, apiKey, item.url, contents, body.query);
      if (page.ok)
        return {
          ...base,
          ...page.contents,
          id: item.url,
          url: item.url,
          title: page.contents.title ?? item.title,
          publishedDate: page.contents.publishedDate ?? base.publishedDate,
        };
      // Exa drops results without contents only when asked to (filterEmptyResults); otherwise they stay, text-less.
      if (contents.filterEmptyResults === true) return undefined;
    }
    // Without text, the highlight is the query-focused snippet Quarry's search already produced.
    return { ...base, ...(contents?.highlights ? { highlights: [item.snippet], highlightScores: [1] } : {}) };
  });
  const results = shaped.filter((result) => result !== undefined);
  return { requestId: randomUUID(), resolvedSearchType: 'keyword', searchType: 'keyword', results };
}

/** Exa `POST /contents`: one scrape per URL; a page that fails is reported in `statuses`, not as an error. */
export async function exaContents(rest: QuarryRest, apiKey: string, body: ExaContentsRequest) {
  const urls = body.urls ?? body.ids;
  if (urls === undefined) throw new CompatError(400, 'urls is required');
  checkContentOptions(body);
  // Exa's default for /contents is the page text.
  const options = body.text === undefined && body.highlights === undefined ? { ...body, text: true } : body;
  const pages = await inOrder(urls, (url) => contentsOf(rest, apiKey, url, options));
  const results = [];
  const statuses = [];
  for (const [index, page] of pages.entries()) {
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
