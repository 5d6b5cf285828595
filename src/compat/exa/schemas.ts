/** The Exa wire format (`exa-js` 2.x): request bodies and answers as TypeBox schemas. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../http/schema.js';
import { MAX_URL_LENGTH } from '../../scrape/index.js';
import { DOMAIN_PATTERN } from '../search-filters.js';
import { MAX_HIGHLIGHT_CHARACTERS, MAX_HIGHLIGHT_SENTENCES, MAX_HIGHLIGHTS_PER_URL } from './highlights.js';

/** Longest `text.maxCharacters`: a cut, so it multiplies nothing; far beyond any page Quarry reads. */
const MAX_TEXT_CHARACTERS = 100_000_000;
/** Longest `livecrawlTimeout` (ms), as Quarry's longest scrape deadline. */
const MAX_LIVECRAWL_TIMEOUT_MS = 600_000;
const MAX_QUERY_LENGTH = 2048;

const Domains = Type.Array(Type.String({ pattern: DOMAIN_PATTERN, maxLength: 253 }), { maxItems: 100 });
const IsoDateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})?)?$', description: 'ISO 8601 date or date-time' });

export const TextOptions = Type.Union([
  Type.Boolean(),
  Type.Object(
    {
      maxCharacters: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TEXT_CHARACTERS })),
      includeHtmlTags: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    },
    { additionalProperties: false },
  ),
]);
export const HighlightOptions = Type.Union([
  Type.Boolean(),
  Type.Object(
    {
      query: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH })),
      numSentences: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_HIGHLIGHT_SENTENCES, description: 'Sentences per highlight; default 1.' })),
      highlightsPerUrl: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_HIGHLIGHTS_PER_URL, description: 'Highlights per page; default 1.' })),
      maxCharacters: Type.Optional(
        Type.Integer({ minimum: 1, maximum: MAX_HIGHLIGHT_CHARACTERS, description: `Characters per highlight; default ${MAX_HIGHLIGHT_CHARACTERS}.` }),
      ),
    },
    { additionalProperties: false },
  ),
]);

/** Content options, under `contents` in a search and at the top level of `/contents`. */
const contentFields = {
  text: Type.Optional(TextOptions),
  highlights: Type.Optional(HighlightOptions),
  livecrawl: Type.Optional(
    StringEnum(['never', 'fallback', 'always', 'auto', 'preferred'] as const, {
      description: '`always` forces a fresh fetch; the others use the scrape cache.',
    }),
  ),
  livecrawlTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_LIVECRAWL_TIMEOUT_MS, description: 'Accepted; ms.' })),
  filterEmptyResults: Type.Optional(Type.Boolean()),
};
export const ContentsOptions = Type.Object(contentFields, { additionalProperties: false });
export type ContentsOptions = Static<typeof ContentsOptions>;

export const ExaSearchRequest = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH }),
    type: Type.Optional(
      StringEnum(['auto', 'neural', 'keyword', 'hybrid', 'fast', 'instant'] as const, { description: 'Accepted; Quarry runs one kind of search.' }),
    ),
    category: Type.Optional(StringEnum(['news'] as const, { description: 'Only `news` (the news vertical).' })),
    numResults: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    includeDomains: Type.Optional(Domains),
    excludeDomains: Type.Optional(Domains),
    startPublishedDate: Type.Optional(IsoDateTime),
    endPublishedDate: Type.Optional(IsoDateTime),
    includeText: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1 })),
    excludeText: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1 })),
    userLocation: Type.Optional(Type.String({ maxLength: 35, description: 'ISO 3166-1 alpha-2' })),
    useAutoprompt: Type.Optional(Type.Boolean()),
    moderation: Type.Optional(Type.Boolean({ description: 'Only `false`.' })),
    contents: Type.Optional(Type.Union([Type.Literal(false), ContentsOptions])),
  },
  { additionalProperties: false, title: 'ExaSearchRequest' },
);
export type ExaSearchRequest = Static<typeof ExaSearchRequest>;

export const ExaContentsRequest = Type.Object(
  {
    urls: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }), { minItems: 1, maxItems: 100 })),
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }), { minItems: 1, maxItems: 100, description: 'Result ids, which are URLs here.' }),
    ),
    ...contentFields,
  },
  { additionalProperties: false, title: 'ExaContentsRequest' },
);
export type ExaContentsRequest = Static<typeof ExaContentsRequest>;

export const ExaResult = Type.Object({
  id: Type.String({ description: 'The URL.' }),
  url: Type.String(),
  title: Nullable(Type.String()),
  publishedDate: Nullable(Type.String()),
  author: Nullable(Type.String()),
  score: Type.Optional(Type.Number({ description: 'Derived from the rank.' })),
  text: Type.Optional(Type.String()),
  highlights: Type.Optional(Type.Array(Type.String())),
  highlightScores: Type.Optional(Type.Array(Type.Number())),
});

export const ExaSearchResponse = Type.Object(
  { requestId: Type.String(), resolvedSearchType: Type.String(), searchType: Type.String(), results: Type.Array(ExaResult) },
  { title: 'ExaSearchResponse' },
);

export const ExaContentsResponse = Type.Object(
  {
    requestId: Type.String(),
    results: Type.Array(ExaResult),
    statuses: Type.Array(
      Type.Object({
        id: Type.String(),
        status: StringEnum(['success', 'error'] as const),
        error: Type.Optional(Type.Object({ tag: Type.String(), httpStatusCode: Type.Integer() })),
      }),
    ),
  },
  { title: 'ExaContentsResponse' },
);

export const ExaError = Type.Object({ requestId: Type.String(), error: Type.String(), tag: Type.String() }, { title: 'ExaError' });

export const ExaAnswerRequest = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH }),
    stream: Type.Optional(Type.Boolean({ description: 'Server-Sent Events: `choices[0].delta.content` chunks, then one chunk of `citations`.' })),
    text: Type.Optional(Type.Boolean({ description: 'Each citation with `text`: the passage of its page the model was given, verbatim.' })),
    model: Type.Optional(StringEnum(['exa', 'exa-pro'] as const, { description: 'Accepted; Quarry answers with its configured chat model.' })),
    systemPrompt: Type.Optional(Type.String({ maxLength: 10_000, description: 'Not supported: refused.' })),
    outputSchema: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Not supported: refused.' })),
    userLocation: Type.Optional(Type.String({ maxLength: 35, description: 'ISO 3166-1 alpha-2' })),
  },
  { additionalProperties: false, title: 'ExaAnswerRequest' },
);
export type ExaAnswerRequest = Static<typeof ExaAnswerRequest>;

export const ExaCitation = Type.Object({
  id: Type.String({ description: 'The URL.' }),
  url: Type.String(),
  title: Nullable(Type.String()),
  publishedDate: Nullable(Type.String()),
  author: Nullable(Type.String()),
  text: Type.Optional(Type.String({ description: 'With `text: true`: the passage of the page the model was given, verbatim.' })),
});

export const ExaAnswerResponse = Type.Object(
  {
    answer: Type.String({ description: 'Markdown; `[k]` cites the k-th of `citations`.' }),
    citations: Type.Array(ExaCitation, { description: 'The pages the answer cites, in the order it first cites them.' }),
    requestId: Type.String(),
  },
  { title: 'ExaAnswerResponse' },
);
