/** The body and answer of `POST /api/v1/answer` (shape B). */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../http/schema.js';
import { SEARCH_PLACE_FIELDS } from '../search/index.js';
import { ANSWER_LIMITS, ANSWER_SOURCES } from './limits.js';

export const AnswerRequest = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2048, description: 'the question; also the search query' }),
    sources: Type.Optional(
      Type.Array(StringEnum(ANSWER_SOURCES), {
        minItems: 1,
        maxItems: ANSWER_SOURCES.length,
        uniqueItems: true,
        default: ['web'],
        description: 'the verticals searched for pages to read (`web`, `news`, `scholar`); one search is charged per source',
      }),
    ),
    ...SEARCH_PLACE_FIELDS,
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: ANSWER_LIMITS.maxPages, default: ANSWER_LIMITS.defaultPages, description: 'pages read (each charged as a scrape)' }),
    ),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'a chat model of `GET /api/v1/models`; default: the default model' })),
    max_tokens: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 32768, default: ANSWER_LIMITS.defaultMaxTokens, description: "the answer's completion budget in tokens" }),
    ),
    stream: Type.Optional(
      Type.Boolean({ default: false, description: 'Server-Sent Events: the sources, the answer tokens, then the checked answer and usage' }),
    ),
  },
  { $id: 'AnswerRequest', title: 'AnswerRequest', description: 'A question to answer from the web, with numbered sources.' },
);
export type AnswerRequest = Static<typeof AnswerRequest>;

const Citation = Type.Object(
  {
    n: Type.Integer({ minimum: 1, description: 'the number the answer cites it by, `[n]`' }),
    title: Type.String(),
    url: Type.String(),
    quote: Type.String({ description: 'a passage of the page the model was given, verbatim' }),
  },
  { title: 'AnswerCitation' },
);

const Source = Type.Object(
  {
    n: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    url: Type.String(),
    snippet: Type.String(),
    date: Type.Optional(Type.String()),
  },
  { title: 'AnswerSource' },
);

export const AnswerUsage = Type.Object(
  {
    search: Type.Number({ description: 'credits of the search' }),
    pages: Type.Number({ description: 'credits of the pages read' }),
    chat: Type.Number({ description: "credits of the model's tokens" }),
    prompt_tokens: Type.Integer(),
    completion_tokens: Type.Integer(),
    credits_used: Type.Number(),
    credits_remaining: Type.Number(),
  },
  { $id: 'AnswerUsage', title: 'AnswerUsage' },
);

export const AnswerResponse = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({
      answer: Type.String({ description: 'Markdown; `[n]` cites source n' }),
      citations: Type.Array(Citation, { description: 'the sources the answer cites, by `n`; a source not cited is not listed' }),
      sources: Type.Array(Source, { description: 'every page given to the model, by `n`' }),
      searchParameters: Type.Object({
        q: Type.String(),
        gl: Type.String(),
        hl: Type.Optional(Type.String()),
        location: Type.Optional(Type.String()),
        tbs: Type.Optional(Type.String()),
        sources: Type.Array(Type.String()),
        limit: Type.Integer(),
        engine: Type.String(),
        model: Type.String(),
      }),
      warnings: Type.Optional(Type.Array(Type.String(), { description: 'present when a page was skipped or a marker removed' })),
    }),
    usage: Type.Ref(AnswerUsage),
  },
  { $id: 'AnswerResponse', title: 'AnswerResponse' },
);
export type AnswerResponse = Static<typeof AnswerResponse>;
