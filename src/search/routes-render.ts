/**
 * Quarry's REST mapper for search: the use cases' typed results in the contract's wire shapes
 * (shape A for a dedicated endpoint, shape B for the combined search) and their headers. The
 * combined search's items take the combined field set here (`link` → `url`, `snippet` → `description`).
 * An item the engine did not date shows how long ago it was published, as of `now`, the moment of
 * answering (shown-date.ts): a cached answer is as current as a fresh one.
 */
import type { FastifyReply } from 'fastify';
import type { CombinedSearchResult } from '../use-cases/combined-search.js';
import type { MeteredSearch } from '../use-cases/search-metered.js';
import type { SourceResult } from '../use-cases/search-results.js';
import type { Served } from '../use-cases/search-source.js';
import { combinedItem, type CombinedSearchResponse } from './combined-shape.js';
import type { ResolvedSearch } from './requests.js';
import type { SearchParameters, VerticalResponseOf } from './shapes.js';
import { shownItem } from './shown-date.js';
import type { DedicatedVertical } from './verticals.js';

/** The credit headers of a metered answer, and `X-Cache: HIT|MISS`. */
export function answerHeaders(reply: FastifyReply, served: MeteredSearch<{ readonly cached: boolean }>): void {
  reply.header('x-cache', served.result.cached ? 'HIT' : 'MISS');
  reply.header('x-credits-used', served.charged);
  reply.header('x-credits-remaining', served.balance);
}

const failedEnginesField = (failed: readonly string[]) => (failed.length === 0 ? {} : { failed_engines: [...failed] });

/** Shape B: one array per requested source, every item in the combined field set. */
export function renderCombined(result: CombinedSearchResult, now: Date): CombinedSearchResponse {
  const data: Record<string, unknown> = {};
  for (const source of result.sources) {
    if ('suggestions' in source) {
      data[source.vertical] = source.suggestions;
      continue;
    }
    const { vertical } = source;
    // Web items already carry the combined fields (`url`, `description`).
    data[vertical] = source.items.map((found) => (vertical === 'web' ? shownItem(vertical, found, now) : combinedItem(shownItem(vertical, found, now))));
  }
  // Every item is in the combined field set of its source.
  return { success: true, data: data as CombinedSearchResponse['data'], ...failedEnginesField(result.failedEngines) };
}

function parameters(vertical: DedicatedVertical, search: ResolvedSearch, source: SourceResult): SearchParameters {
  return {
    q: search.q,
    gl: search.country,
    ...(search.lang === undefined ? {} : { hl: search.lang }),
    ...(search.location === undefined ? {} : { location: search.location }),
    num: search.num,
    page: search.page,
    ...(search.tbs === undefined ? {} : { tbs: search.tbs }),
    autocorrect: search.autocorrect,
    type: vertical,
    engine: source.engine,
    ...(source.correctedQuery === undefined ? {} : { correctedQuery: source.correctedQuery }),
  };
}

/** Shape A: `searchParameters` and the array named after the vertical (`suggestions` for autocomplete). */
export function renderVertical<V extends DedicatedVertical>(
  vertical: V,
  search: ResolvedSearch,
  source: Served<SourceResult>,
  now: Date,
): VerticalResponseOf<V> {
  const results =
    'suggestions' in source ? { suggestions: source.suggestions } : { [vertical]: source.items.map((found) => shownItem(source.vertical, found, now)) };
  // The use case answers with the shape of the vertical it was asked for.
  return { searchParameters: parameters(vertical, search, source), ...results, ...failedEnginesField(source.failedEngines) } as VerticalResponseOf<V>;
}
