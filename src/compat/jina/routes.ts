/**
 * Jina Reader at the root, as r.jina.ai and s.jina.ai serve it: `GET /r/<url>`, `POST /r/` with
 * `{url}`, and `GET /s/<query>` (or `POST /s/` with `{q}`). Key as `Authorization: Bearer`.
 * Markdown text by default; `X-Return-Format`/`X-Respond-With` `text` or `html`; `Accept: application/json`
 * for `{code, status, data}`; `X-No-Cache` for a fresh fetch.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { MAX_URL_LENGTH } from '../../scrape/schemas.js';
import { CompatError, MISSING_KEY_MESSAGE } from '../compat-error.js';
import { bearerKey, type QuarryRest } from '../quarry-rest.js';
import { requestErrorMessage } from '../validation-message.js';
import { jinaErrorBody, jinaStatus, readerText, searchText } from './format.js';
import { errorsAsText, readerOptions, targetFromPath } from './options.js';
import { checkMode, jinaRead, jinaSearch, searchCount } from './service.js';

function sendJinaError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const known = error instanceof CompatError ? error : undefined;
  const message = known?.message ?? requestErrorMessage(error);
  if (message === undefined) request.log.error({ err: error }, 'jina request failed');
  const status = message === undefined ? 500 : jinaStatus(known?.status ?? 400);
  for (const [name, value] of Object.entries(known?.headers ?? {})) reply.header(name, value);
  const body = jinaErrorBody(status, message ?? 'Unknown error');
  if (errorsAsText(request.headers.accept)) void reply.code(status).type('text/plain; charset=utf-8').send(`${body.readableMessage}\n`);
  else void reply.code(status).send(body);
}

function keyOf(request: FastifyRequest): string {
  const key = bearerKey(request.headers.authorization);
  if (key === undefined) throw new CompatError(401, MISSING_KEY_MESSAGE);
  return key;
}

/** Longest search query, as Quarry's search takes it. */
const MAX_QUERY_LENGTH = 2048;
/** Most `site` filters of one search: each is a clause of the query, which holds at most 64. */
const MAX_SEARCH_SITES = 20;
const Format = (description: string) => Type.String({ maxLength: 32, description });
const Query = Type.String({ maxLength: MAX_QUERY_LENGTH });
const Count = Type.String({ maxLength: 2, description: 'A whole number 0–20.' });
const Site = Type.String({ maxLength: 253, description: 'A domain' });

const ReaderBody = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: MAX_URL_LENGTH, description: 'The page to read.' })),
    respondWith: Type.Optional(Format('As `X-Respond-With`.')),
    returnFormat: Type.Optional(Format('As `X-Return-Format`.')),
    noCache: Type.Optional(Type.Boolean({ description: 'As `X-No-Cache`.' })),
  },
  { additionalProperties: false },
);
const SearchBody = Type.Object(
  {
    q: Type.Optional(Query),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
    num: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  },
  { additionalProperties: false },
);
const SearchQuery = Type.Object({
  q: Type.Optional(Query),
  count: Type.Optional(Count),
  num: Type.Optional(Count),
  site: Type.Optional(Type.Union([Site, Type.Array(Site, { maxItems: MAX_SEARCH_SITES })])),
});

const tags = ['compat: Jina Reader'];
const readerDescription =
  'Reads the page with `POST /api/v1/scrape/` (metered and cached like it). Key as `Authorization: Bearer`. Text (`Title:`, `URL Source:`, ' +
  '`Markdown Content:`) by default; `X-Return-Format: text` for plain text; `X-Return-Format: html` for the page body without scripts and styles ' +
  '(read with the Firecrawl-compatible `POST /v2/scrape`, charged as one scrape; 400 when `COMPAT_FIRECRAWL` is off); `Accept: application/json` for `{code, status, data: {title, description, url, content}}`. ' +
  '`X-No-Cache` (or `X-Cache-Tolerance: 0`) forces a fresh fetch. Options Quarry cannot honour (selectors, screenshots…) answer 400. ' +
  '`HEAD` answers 405 (`Allow: GET`) without reading the page or charging anything.';

export interface JinaDeps {
  readonly rest: QuarryRest;
  readonly now: () => Date;
  /** The Firecrawl-compatible API is served (`COMPAT_FIRECRAWL`): the `html` mode reads through its scrape. */
  readonly htmlAvailable: boolean;
}

async function answerRead(request: FastifyRequest, reply: FastifyReply, deps: JinaDeps, target: string, body: Record<string, unknown> = {}) {
  const options = checkMode(readerOptions(request.headers, body), deps.htmlAvailable);
  if (target === '') throw new CompatError(400, 'No URL provided');
  const page = await jinaRead(deps.rest, keyOf(request), target, options);
  if (options.json) return reply.send({ code: 200, status: 20000, data: page });
  // The page's HTML goes out as text, never as text/html: it must not run in Quarry's origin.
  return reply.type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(readerText(page, options.mode));
}

export function registerJinaRoutes(app: App, deps: JinaDeps): void {
  const { rest } = deps;
  // HEAD never reads or charges: Fastify would answer it by running the GET handler, a metered scrape.
  app.head('/r/*', { schema: { hide: true } }, (_request, reply) => refuseHead(reply));
  app.get(
    '/r/*',
    {
      exposeHeadRoute: false,
      errorHandler: sendJinaError,
      schema: { tags, summary: 'Jina Reader: a page as Markdown, text or HTML', description: readerDescription },
    },
    (request, reply) => answerRead(request, reply, deps, targetFromPath(request.url, '/r/')),
  );
  app.post(
    '/r/',
    { errorHandler: sendJinaError, schema: { tags, summary: 'Jina Reader (URL in the body)', description: readerDescription, body: ReaderBody } },
    (request, reply) => answerRead(request, reply, deps, request.body.url ?? '', request.body),
  );

  const searchDescription =
    'Searches with `POST /api/v1/search` and reads every result with `POST /api/v1/scrape/` (one scrape charged per result; ' +
    '`X-Respond-With: no-content` skips them). `count`/`num` 0–20 (default 5), `site` restricts to domains. Text blocks by default, JSON with `Accept: application/json`. ' +
    '`HEAD` answers 405 (`Allow: GET`) without searching or charging anything.';
  const answerSearch = async (request: FastifyRequest, reply: FastifyReply, query: string, count: number, sites: readonly string[]) => {
    const noContent = request.headers['x-respond-with'] === 'no-content';
    const options = noContent
      ? { mode: 'markdown' as const, json: readerOptions({ accept: request.headers.accept }).json, noCache: false }
      : checkMode(readerOptions(request.headers), deps.htmlAvailable);
    if (query.trim() === '') throw new CompatError(400, 'No query provided');
    const pages = await jinaSearch(rest, keyOf(request), { query, count, sites, withContent: !noContent, options }, deps.now());
    if (options.json) return reply.send({ code: 200, status: 20000, data: pages });
    return reply.type('text/plain; charset=utf-8').send(searchText(pages));
  };
  app.head('/s/*', { schema: { hide: true } }, (_request, reply) => refuseHead(reply));
  app.get(
    '/s/*',
    { exposeHeadRoute: false, errorHandler: sendJinaError, schema: { tags, summary: 'Jina search', description: searchDescription, querystring: SearchQuery } },
    (request, reply) => {
      const path = targetFromQuery(request.url);
      const sites = request.query.site === undefined ? [] : [request.query.site].flat();
      return answerSearch(request, reply, request.query.q ?? path, searchCount(request.query.count ?? request.query.num), sites);
    },
  );
  app.post(
    '/s/',
    { errorHandler: sendJinaError, schema: { tags, summary: 'Jina search (query in the body)', description: searchDescription, body: SearchBody } },
    (request, reply) => answerSearch(request, reply, request.body.q ?? '', searchCount(request.body.count ?? request.body.num), []),
  );
}

/**
 * `HEAD /r/<url>` and `HEAD /s/<query>` answer 405 with the methods that do the work: a HEAD
 * that fetched the page (or ran the search) would cost credits for headers a client can only
 * guess from, and a 200 without the work would claim a page is readable when nothing checked.
 */
function refuseHead(reply: FastifyReply): FastifyReply {
  return reply.code(405).header('allow', 'GET').send();
}

/** The query of `GET /s/<query>`: the path after `/s/`, URI-decoded, without the query string. */
function targetFromQuery(rawUrl: string): string {
  const path = rawUrl.slice('/s/'.length).split('?')[0] ?? '';
  try {
    return decodeURIComponent(path.replace(/\+/g, ' '));
  } catch {
    throw new CompatError(400, 'The query in the path is not valid percent-encoding');
  }
}
