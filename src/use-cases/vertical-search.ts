/**
 * One item vertical (web, news, images, videos, places, shopping, scholar, patents) searched for a
 * caller: its ranked items with their dates, the engines that answered and failed, and the cost.
 */
import type { Caller } from '../credits/index.js';
import type { ResolvedSearch, ItemVertical } from '../search/index.js';
import type { MeteredSearch } from './search-metered.js';
import type { ItemSourceResult } from './search-results.js';
import { searchSource, type Served, type SourceSearchDeps } from './search-source.js';

export interface VerticalSearchInput<V extends ItemVertical = ItemVertical> {
  readonly vertical: V;
  readonly search: ResolvedSearch;
}

export type VerticalSearchResult<V extends ItemVertical = ItemVertical> = Served<ItemSourceResult<V>>;

export interface VerticalSearchUseCase {
  /** Metered at `PRICE_SEARCH_CALL`; counts the query for autocomplete once paid for. Rejects with the router's errors. */
  run<V extends ItemVertical>(caller: Caller, input: VerticalSearchInput<V>): Promise<MeteredSearch<VerticalSearchResult<V>>>;
}

export function createVerticalSearchUseCase(deps: SourceSearchDeps): VerticalSearchUseCase {
  return {
    async run<V extends ItemVertical>(caller: Caller, input: VerticalSearchInput<V>) {
      const found = await searchSource(deps, caller, input.vertical, input.search);
      // The router answers an item vertical with that vertical's items.
      const result = found.result as VerticalSearchResult<V>;
      // Counted once the search is paid for: a refused call is no search.
      deps.service.countQuery(input.search.q, caller.accountId, result.items.length > 0);
      return { ...found, result };
    },
  };
}
