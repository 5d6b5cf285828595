/**
 * Request bodies of the search endpoints as TypeBox schemas. They stay plain JSON Schema (no custom
 * keywords) so Fastify's Ajv validates them and the lead's error mapper can turn Ajv errors into
 * DRF-style bodies. What JSON Schema cannot say (the grammar of `tbs`) is checked by
 * `searchFieldErrors`, whose messages go into the same 400 body.
 */
import { InvalidInputError } from '../errors.js';
import { Type, type Static } from '@sinclair/typebox';
import { COUNTRY_CODE_PATTERN, normaliseCountryCode } from './countries.js';
import { parseQuery } from './query.js';
import { queryLimitError } from './query-limits.js';
import { tbsError } from './tbs.js';
import { VERTICALS, type DedicatedVertical, type Vertical } from './verticals.js';

/** Defaults shared by every search request. */
export const SEARCH_DEFAULTS = {
  country: 'us',
  num: 10,
  page: 1,
  autocorrect: true,
  useCache: true,
} as const;

const MAX_QUERY_LENGTH = 2048;

const Query = (description: string) => Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH, description });
const Country = (description: string) => Type.String({ pattern: COUNTRY_CODE_PATTERN, default: SEARCH_DEFAULTS.country, description });
const Language = Type.String({
  pattern: '^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$',
  maxLength: 35,
  description: 'host language code, e.g. "en", "pt-BR", "zh-Hant"',
});
const Location = Type.String({
  minLength: 1,
  maxLength: 256,
  description: 'canonical location, e.g. "Austin,Texas,United States"',
});
const Count = (description: string) => Type.Integer({ minimum: 1, maximum: 100, default: SEARCH_DEFAULTS.num, description });
const Page = Type.Integer({ minimum: 1, maximum: 100, default: SEARCH_DEFAULTS.page, description: 'result page, 1-based' });
const Tbs = Type.String({
  maxLength: 200,
  description: 'qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated',
});
const Autocorrect = Type.Boolean({ default: SEARCH_DEFAULTS.autocorrect, description: 'enables query autocorrect' });
const UseCache = Type.Boolean({ default: SEARCH_DEFAULTS.useCache, description: 'false forces a fresh search' });

/** The fields that say where and when to search, as the combined search takes them (the answer's body shares them). */
export const SEARCH_PLACE_FIELDS = {
  country: Type.Optional(Country('ISO 3166-1 alpha-2 country code')),
  lang: Type.Optional(Language),
  location: Type.Optional(Location),
  tbs: Type.Optional(Tbs),
  use_cache: Type.Optional(UseCache),
};

export const SearchSource = Type.Union(
  VERTICALS.map((vertical) => Type.Literal(vertical)),
  { description: 'a search vertical' },
);

/** Body of `POST /api/v1/search` (combined search, shape B). Only `query` is required. */
export const CombinedSearchRequest = Type.Object(
  {
    query: Query('the search query; supports quotes, -, site:, filetype:, inurl:, allinurl:, intitle:, allintitle:'),
    // One search runs per source: at most one of each vertical.
    sources: Type.Optional(
      Type.Array(SearchSource, {
        minItems: 1,
        maxItems: VERTICALS.length,
        uniqueItems: true,
        default: ['web'],
        description: `the verticals to search, each at most once (at most ${VERTICALS.length} items); one search is charged per source`,
      }),
    ),
    limit: Type.Optional(Count('results per source')),
    page: Type.Optional(Page),
    country: SEARCH_PLACE_FIELDS.country,
    lang: SEARCH_PLACE_FIELDS.lang,
    location: SEARCH_PLACE_FIELDS.location,
    tbs: SEARCH_PLACE_FIELDS.tbs,
    autocorrect: Type.Optional(Autocorrect),
    use_cache: SEARCH_PLACE_FIELDS.use_cache,
  },
  { title: 'SearchRequest' },
);
export type CombinedSearchRequest = Static<typeof CombinedSearchRequest>;

function verticalRequest(title: string, qDescription: string, withLocation: boolean) {
  return Type.Object(
    {
      q: Query(qDescription),
      gl: Type.Optional(Country('country code (ISO 3166-1 alpha-2)')),
      hl: Type.Optional(Language),
      ...(withLocation ? { location: Type.Optional(Location) } : {}),
      num: Type.Optional(Count('number of results')),
      page: Type.Optional(Page),
      tbs: Type.Optional(Tbs),
      autocorrect: Type.Optional(Autocorrect),
      use_cache: Type.Optional(UseCache),
    },
    { title },
  );
}

/** Body of each dedicated vertical endpoint (shape A); `location` only for images and places. */
export const VERTICAL_REQUEST_SCHEMAS = {
  images: verticalRequest('ImagesRequest', 'the search query', true),
  videos: verticalRequest('VideosRequest', 'the search query', false),
  news: verticalRequest('NewsRequest', 'the search query', false),
  shopping: verticalRequest('ShoppingRequest', 'the search query', false),
  places: verticalRequest('PlacesRequest', 'the search query', true),
  patents: verticalRequest('PatentsRequest', 'keyword, patent ID or applicant', false),
  scholar: verticalRequest('ScholarRequest', 'the search query', false),
  autocomplete: verticalRequest('AutocompleteRequest', 'the prefix to complete', false),
} as const satisfies Record<DedicatedVertical, unknown>;

export type VerticalSearchBody = Static<(typeof VERTICAL_REQUEST_SCHEMAS)['images']>;

/** One vertical's search, with every default applied and the country in lower case. */
export interface ResolvedSearch {
  readonly q: string;
  readonly num: number;
  readonly page: number;
  readonly country: string;
  readonly lang?: string;
  readonly location?: string;
  readonly tbs?: string;
  readonly autocorrect: boolean;
  readonly useCache: boolean;
}

/** A validated vertical body (any vertical: `location` is simply absent where the schema has none). */
export function resolveVerticalRequest(body: VerticalSearchBody): ResolvedSearch {
  return {
    q: body.q,
    num: body.num ?? SEARCH_DEFAULTS.num,
    page: body.page ?? SEARCH_DEFAULTS.page,
    country: normaliseCountryCode(body.gl ?? SEARCH_DEFAULTS.country),
    ...(body.hl === undefined ? {} : { lang: body.hl }),
    ...(body.location === undefined ? {} : { location: body.location }),
    ...(body.tbs === undefined ? {} : { tbs: body.tbs }),
    autocorrect: body.autocorrect ?? SEARCH_DEFAULTS.autocorrect,
    useCache: body.use_cache ?? SEARCH_DEFAULTS.useCache,
  };
}

/** A validated combined body: its sources (duplicates removed, default web) and the per-source search. */
export function resolveCombinedRequest(body: CombinedSearchRequest): {
  sources: Vertical[];
  search: ResolvedSearch;
} {
  return {
    sources: [...new Set<Vertical>(body.sources ?? ['web'])],
    search: {
      q: body.query,
      num: body.limit ?? SEARCH_DEFAULTS.num,
      page: body.page ?? SEARCH_DEFAULTS.page,
      country: normaliseCountryCode(body.country ?? SEARCH_DEFAULTS.country),
      ...(body.lang === undefined ? {} : { lang: body.lang }),
      ...(body.location === undefined ? {} : { location: body.location }),
      ...(body.tbs === undefined ? {} : { tbs: body.tbs }),
      autocorrect: body.autocorrect ?? SEARCH_DEFAULTS.autocorrect,
      useCache: body.use_cache ?? SEARCH_DEFAULTS.useCache,
    },
  };
}

/** DRF's message for a string field holding only whitespace. */
export const BLANK_MESSAGE = 'This field may not be blank.';

/**
 * Errors that JSON Schema cannot express, keyed by field like a DRF body (`{ tbs: ["…"] }`);
 * empty when the body is fine. `queryField` names the query's field (`query` for the combined
 * search, `q` for the verticals). Call after schema validation and before any credit is held.
 */
export function searchFieldErrors(body: { tbs?: string | undefined }, query?: { field: string; text: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (query !== undefined) {
    const message = query.text.trim() === '' ? BLANK_MESSAGE : queryLimitError(parseQuery(query.text));
    if (message !== undefined) errors[query.field] = [message];
  }
  const tbsMessage = body.tbs === undefined ? undefined : tbsError(body.tbs);
  if (tbsMessage !== undefined) errors.tbs = [tbsMessage];
  return errors;
}

/**
 * What JSON Schema cannot check (a blank query, the query's limits, the `tbs` grammar and its
 * dates), reported in the same DRF shape as schema errors, before any credit is held.
 */
export function checkSearchFields(body: { tbs?: string | undefined }, query: { field: string; text: string }): void {
  const errors = searchFieldErrors(body, query);
  if (Object.keys(errors).length > 0) throw new InvalidInputError(errors);
}
