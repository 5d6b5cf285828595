import { type Metering, meteredErrorResponses } from '../credits/index.js';
import type { AutocompleteUseCase } from '../use-cases/autocomplete.js';
import type { CombinedSearchUseCase } from '../use-cases/combined-search.js';
import type { VerticalSearchUseCase } from '../use-cases/vertical-search.js';

/** What the REST search routes map: the metering hooks (key, throttle, JSON) and the search use cases. */
export interface SearchRouteDeps {
  readonly metering: Metering;
  /** The app's clock: the relative dates are as of the moment of answering. */
  readonly now: () => Date;
  readonly combined: CombinedSearchUseCase;
  readonly vertical: VerticalSearchUseCase;
  readonly autocomplete: AutocompleteUseCase;
}

export const searchTags = ['search'];
export const searchSecurity = [{ ApiKeyAuth: [] }];

export const searchErrorResponses = meteredErrorResponses;
