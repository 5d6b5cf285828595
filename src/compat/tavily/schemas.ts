/** The Tavily wire format (`@tavily/core` 0.7): request bodies and answers as TypeBox schemas. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../http/schema.js';
import { MAX_URL_LENGTH } from '../../scrape/index.js';
import { DOMAIN_PATTERN } from '../search-filters.js';

/** Longest `timeout` (seconds; accepted without effect), as Quarry's longest scrape deadline. */
const MAX_TAVILY_TIMEOUT_SECONDS = 600;
const ApiKey = (description?: string) => Type.String({ maxLength: 256, ...(description === undefined ? {} : { description }) });
const Url = Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH });

const Domains = Type.Array(Type.String({ pattern: DOMAIN_PATTERN, maxLength: 253 }), { maxItems: 100 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const TAVILY_TIME_RANGES = ['year', 'month', 'week', 'day', 'y', 'm', 'w', 'd'] as const;

export const TavilySearchRequest = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2048 }),
    api_key: Type.Optional(ApiKey('The Quarry API key, when not sent as `Authorization: Bearer`.')),
    topic: Type.Optional(StringEnum(['general', 'news'] as const, { description: '`general` searches the web, `news` the news vertical.' })),
    max_results: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
    time_range: Type.Optional(StringEnum(TAVILY_TIME_RANGES)),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Only results from the past N days.' })),
    start_date: Type.Optional(IsoDate),
    end_date: Type.Optional(IsoDate),
    include_domains: Type.Optional(Domains),
    exclude_domains: Type.Optional(Domains),
    include_raw_content: Type.Optional(
      Type.Union([Type.Boolean(), StringEnum(['markdown', 'text'] as const)], { description: 'Scrape each result (charged as a scrape per result).' }),
    ),
    exact_match: Type.Optional(Type.Boolean({ description: 'Search the query as one exact phrase.' })),
    country: Type.Optional(Type.String({ maxLength: 35, description: 'ISO 3166-1 alpha-2 code (Quarry takes codes, not country names).' })),
    search_depth: Type.Optional(StringEnum(['basic', 'advanced', 'fast', 'ultra-fast'] as const, { description: 'Accepted; Quarry has one depth.' })),
    include_answer: Type.Optional(
      Type.Union([Type.Boolean(), StringEnum(['basic', 'advanced'] as const)], {
        description:
          "Quarry's answer to the query in `answer`, from the top results' pages (`basic` or `true`: 3 pages, `advanced`: 5, at most `max_results`); " +
          'charged as `POST /api/v1/answer` (the search, the pages read, the model tokens) instead of the search alone; needs a configured chat model.',
      }),
    ),
    include_images: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    include_image_descriptions: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    include_favicon: Type.Optional(Type.Boolean({ description: 'Accepted; no favicons are returned.' })),
    include_usage: Type.Optional(Type.Boolean({ description: 'Adds `usage.credits`, the Quarry credits charged.' })),
    auto_parameters: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    timeout: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_TAVILY_TIMEOUT_SECONDS, description: 'Seconds; accepted.' })),
  },
  { additionalProperties: false, title: 'TavilySearchRequest' },
);
export type TavilySearchRequest = Static<typeof TavilySearchRequest>;

export const TavilySearchResult = Type.Object({
  title: Type.String(),
  url: Type.String(),
  content: Type.String({ description: 'The result snippet.' }),
  score: Type.Number({ description: 'Derived from the rank: 1 for the first result.' }),
  published_date: Type.Optional(Type.String({ description: 'ISO 8601, when the page is dated.' })),
  raw_content: Type.Optional(Nullable(Type.String())),
});

export const TavilySearchResponse = Type.Object(
  {
    query: Type.String(),
    answer: Nullable(Type.String({ description: "With `include_answer`: Quarry's answer, citing results as `[k]`, the k-th of `results`; else null." })),
    images: Type.Array(Type.String()),
    results: Type.Array(TavilySearchResult),
    response_time: Type.Number({ description: 'Seconds.' }),
    request_id: Type.String(),
    usage: Type.Optional(Type.Object({ credits: Type.Integer() })),
  },
  { title: 'TavilySearchResponse' },
);

export const TavilyExtractRequest = Type.Object(
  {
    urls: Type.Union([Url, Type.Array(Url, { minItems: 1, maxItems: 20 })]),
    api_key: Type.Optional(ApiKey()),
    format: Type.Optional(StringEnum(['markdown', 'text'] as const, { default: 'markdown' })),
    extract_depth: Type.Optional(StringEnum(['basic', 'advanced'] as const, { description: 'Accepted; Quarry renders in a browser when a page needs it.' })),
    include_images: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    include_favicon: Type.Optional(Type.Boolean({ description: 'Accepted; no favicons are returned.' })),
    include_usage: Type.Optional(Type.Boolean()),
    timeout: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_TAVILY_TIMEOUT_SECONDS, description: 'Seconds; accepted.' })),
  },
  { additionalProperties: false, title: 'TavilyExtractRequest' },
);
export type TavilyExtractRequest = Static<typeof TavilyExtractRequest>;

export const TavilyExtractResponse = Type.Object(
  {
    results: Type.Array(Type.Object({ url: Type.String(), title: Nullable(Type.String()), raw_content: Type.String(), images: Type.Array(Type.String()) })),
    failed_results: Type.Array(Type.Object({ url: Type.String(), error: Type.String() })),
    response_time: Type.Number(),
    request_id: Type.String(),
    usage: Type.Optional(Type.Object({ credits: Type.Integer() })),
  },
  { title: 'TavilyExtractResponse' },
);

export const TavilyError = Type.Object({ detail: Type.Object({ error: Type.String() }) }, { title: 'TavilyError' });
