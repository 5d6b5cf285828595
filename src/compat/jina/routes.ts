/**
 * Jina Reader at the root, as r.jina.ai and s.jina.ai serve it: `GET /r/<url>`, `POST /r/` with
 * `{url}`, and `GET /s/<query>` (or `POST /s/` with `{q}`). Key as `Authorization: Bearer`.
 * Markdown text by default; `X-Return-Format`/`X-Respond-With` `text` or `html`; `Accept: application/json`
 * for `{code, status, data}`; `X-No-Cache` for a fresh fetch.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { MAX_URL_LENGTH } from '../../scrape/index.js';
import { edgeCaller, type AgentOps } from '../agent-ops.js';
import { CompatError } from '../compat-error.js';
import { surfaceFailure } from '../domain-errors.js';
import { bearerKey } from '../quarry-rest.js';
import { jinaErrorBody, jinaStatus, readerText, searchText } from './format.js';
import { errorsAsText, readerOptions, targetFromPath } from './options.js';
import { jinaRead, jinaSearch, searchCount } from './service.js';

/**
 * The one error renderer of the Jina routes: a refusal, a domain error (its closed code's status
 * and message) or a request Fastify refused, in Jina's envelope (or as text to a text-only
 * client); anything else is a logged 500 that says nothing internal.
 */
function renderJinaError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const failure = surfaceFailure(error, request, request.server.errorAnswer);
  const status = failure === undefined ? 500 : jinaStatus(failure.status);
  for (const [name, value] of Object.entries(failure?.headers ?? {})) reply.header(name, value);
  const body = jinaErrorBody(status, failure?.message ?? 'Unknown error');
  if (errorsAsText(request.headers.accept)) void reply.code(status).type('text/plain; charset=utf-8').send(`${body.readableMessage}\n`);
  else void reply.code(status).send(body);
}

/** The caller presenting `Authorization: Bearer <key>`: authenticated and throttled once, here. */
function callerOf(ops: AgentOps, request: FastifyRequest, reply: FastifyReply) {
  return edgeCaller(ops, request, reply, bearerKey(request.headers.authorization));
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
  'Reads the page as one scrape, metered, priced and cached like `POST /api/v1/scrape/`. Key as `Authorization: Bearer`. Text (`Title:`, `URL Source:`, ' +
  '`Markdown Content:`) by default; `X-Return-Format: text` for plain text; `X-Return-Format: html` for the page body without scripts and styles ' +
  '(the `html` format of the Firecrawl-compatible scrape, charged as one scrape); `Accept: application/json` for `{code, status, data: {title, description, url, content}}`. ' +
  '`X-No-Cache` (or `X-Cache-Tolerance: 0`) forces a fresh fetch. Options Quarry cannot honour (selectors, screenshots…) answer 400. ' +
  '`HEAD` answers 405 (`Allow: GET`) without reading the page or charging anything.';
const searchDescription =
  'Searches the web and reads every result (`X-Respond-With: no-content` skips the reads) as one metered operation: one hold of the search and ' +
  'the most each read can cost, one charge of the search (like `POST /api/v1/search`) and a scrape per page read (like `POST /api/v1/scrape/`); ' +
  'a page that cannot be read keeps its listing with empty content and costs nothing. `count`/`num` 0–20 (default 5), `site` restricts to domains. ' +
  "`publishedTime` is the page's publication date (ISO 8601) when known. Text blocks by default, JSON with `Accept: application/json`. " +
  '`HEAD` answers 405 (`Allow: GET`) without searching or charging anything.';

async function answerRead(ops: AgentOps, request: FastifyRequest, reply: FastifyReply, target: string, body: Record<string, unknown> = {}) {
  const options = readerOptions(request.headers, body);
  if (target === '') throw new CompatError(400, 'No URL provided');
  // The bound of `POST /api/v1/scrape/`'s `url`, in its words: the path of `GET /r/<url>` has no schema to say it.
  if (target.length > MAX_URL_LENGTH) throw new CompatError(400, `url: Ensure this field has no more than ${MAX_URL_LENGTH} characters.`);
  const page = await jinaRead(ops, await callerOf(ops, request, reply), target, options);
  if (options.json) return reply.send({ code: 200, status: 20000, data: page });
  // The page's HTML goes out as text, never as text/html: it must not run in Quarry's origin.
  return reply.type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(readerText(page, options.mode));
}

async function answerSearch(ops: AgentOps, request: FastifyRequest, reply: FastifyReply, query: string, count: number, sites: readonly string[]) {
  const noContent = request.headers['x-respond-with'] === 'no-content';
  const options = noContent
    ? { mode: 'markdown' as const, json: readerOptions({ accept: request.headers.accept }).json, noCache: false }
    : readerOptions(request.headers);
  if (query.trim() === '') throw new CompatError(400, 'No query provided');
  const pages = await jinaSearch(ops, await callerOf(ops, request, reply), { query, count, sites, withContent: !noContent, options });
  if (options.json) return reply.send({ code: 200, status: 20000, data: pages });
  return reply.type('text/plain; charset=utf-8').send(searchText(pages));
}

/**
 * r.jina.ai and s.jina.ai at the root, in a scope of their own whose one error handler writes
 * every failure in Jina's shape. Returns the registration (the scope loads when the app is ready).
 */
export function registerJinaRoutes(app: App, ops: AgentOps) {
  return app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.setErrorHandler(renderJinaError);
    // HEAD never reads or charges: Fastify would answer it by running the GET handler, a metered scrape.
    scope.head('/r/*', { schema: { hide: true } }, (_request, reply) => refuseHead(reply));
    scope.get(
      '/r/*',
      { exposeHeadRoute: false, schema: { tags, summary: 'Jina Reader: a page as Markdown, text or HTML', description: readerDescription } },
      (request, reply) => answerRead(ops, request, reply, targetFromPath(request.url, '/r/')),
    );
    scope.post('/r/', { schema: { tags, summary: 'Jina Reader (URL in the body)', description: readerDescription, body: ReaderBody } }, (request, reply) =>
      answerRead(ops, request, reply, request.body.url ?? '', request.body),
    );
    scope.head('/s/*', { schema: { hide: true } }, (_request, reply) => refuseHead(reply));
    scope.get(
      '/s/*',
      { exposeHeadRoute: false, schema: { tags, summary: 'Jina search', description: searchDescription, querystring: SearchQuery } },
      (request, reply) => {
        const path = targetFromQuery(request.url);
        const sites = request.query.site === undefined ? [] : [request.query.site].flat();
        return answerSearch(ops, request, reply, request.query.q ?? path, searchCount(request.query.count ?? request.query.num), sites);
      },
    );
    scope.post('/s/', { schema: { tags, summary: 'Jina search (query in the body)', description: searchDescription, body: SearchBody } }, (request, reply) =>
      answerSearch(ops, request, reply, request.body.q ?? '', searchCount(request.body.count ?? request.body.num), []),
    );
  });
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
