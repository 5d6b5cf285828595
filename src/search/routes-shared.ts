import type { Metering } from '../credits/metering.js';
import { InvalidInputError } from '../errors.js';
import { meteredErrorResponses } from '../credits/metered-errors.js';
import type { AutocompleteUseCase } from '../use-cases/autocomplete.js';
import type { CombinedSearchUseCase } from '../use-cases/combined-search.js';
import type { VerticalSearchUseCase } from '../use-cases/vertical-search.js';
import { searchFieldErrors } from './requests.js';

/** What the REST search routes map: the metering hooks (key, throttle, JSON) and the search use cases. */
export interface SearchRouteDeps {
  readonly metering: Metering;
  readonly combined: CombinedSearchUseCase;
  readonly vertical: VerticalSearchUseCase;
  readonly autocomplete: AutocompleteUseCase;
}

export const searchTags = ['search'];
export const searchSecurity = [{ ApiKeyAuth: [] }];

export const searchErrorResponses = meteredErrorResponses;

/**
 * What JSON Schema cannot check (a blank query, the query's limits, the `tbs` grammar and its
 * dates), reported in the same DRF shape as schema errors, before any credit is held.
 */
export function checkSearchFields(body: { tbs?: string | undefined }, query: { field: string; text: string }): void {
  const errors = searchFieldErrors(body, query);
  if (Object.keys(errors).length > 0) throw new InvalidInputError(errors);
}
