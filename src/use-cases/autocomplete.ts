/**
 * Autocomplete for a caller: suggestions for a query prefix (ranked by how often they were
 * searched), the engines that answered and failed, and the cost. A prefix is not counted as a search.
 */
import type { Caller } from '../credits/index.js';
import type { ResolvedSearch } from '../search/index.js';
import type { MeteredSearch } from './search-metered.js';
import type { SuggestionsResult } from './search-results.js';
import { searchSource, type Served, type SourceSearchDeps } from './search-source.js';

export type AutocompleteResult = Served<SuggestionsResult>;

export interface AutocompleteUseCase {
  /** Metered at `PRICE_SEARCH_CALL`. Rejects with the router's errors. */
  run(caller: Caller, search: ResolvedSearch): Promise<MeteredSearch<AutocompleteResult>>;
}

export function createAutocompleteUseCase(deps: SourceSearchDeps): AutocompleteUseCase {
  return {
    async run(caller, search) {
      const found = await searchSource(deps, caller, 'autocomplete', search);
      // The router answers autocomplete with suggestions.
      return found as MeteredSearch<AutocompleteResult>;
    },
  };
}
