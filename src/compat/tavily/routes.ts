/**
 * The Tavily API at `/tavily` (`apiBaseURL: "<quarry>/tavily"` in `@tavily/core`): `POST /tavily/search`
 * and `POST /tavily/extract`. The Quarry API key comes as `Authorization: Bearer` (what the SDK
 * sends) or as the body's `api_key` (older clients), which wins when both are present.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { edgeCaller, type AgentOps } from '../agent-ops.js';
import { surfaceFailure } from '../domain-errors.js';
import { bearerKey } from '../quarry-rest.js';
import { tavilyExtract } from './extract.js';
import { tavilySearch } from './search.js';
import { TavilyError, TavilyExtractRequest, TavilyExtractResponse, TavilySearchRequest, TavilySearchResponse } from './schemas.js';

export const TAVILY_PREFIX = '/tavily';

/** Quarry's statuses in Tavily's words: out of credits is Tavily's plan limit, 432. */
function tavilyStatus(status: number): number {
  return status === 402 ? 432 : status;
}

/** The error handler of the Tavily scope: every error of its routes (hooks, validation, handlers) as `{"detail": {"error": …}}`. */
function renderTavilyError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = surfaceFailure(error, request, request.server.errorAnswer);
  if (failure === undefined) return reply.code(500).send({ detail: { error: 'Internal server error.' } });
  for (const [name, value] of Object.entries(failure.headers)) reply.header(name, value);
  return reply.code(tavilyStatus(failure.status)).send({ detail: { error: failure.message } });
}

function keyOf(bodyKey: string | undefined, request: FastifyRequest): string | undefined {
  return bodyKey ?? bearerKey(request.headers.authorization);
}

const errors = {
  400: TavilyError,
  401: TavilyError,
  422: TavilyError,
  429: TavilyError,
  432: TavilyError,
  500: TavilyError,
  502: TavilyError,
  503: TavilyError,
};
const description =
  'Key as `Authorization: Bearer <quarry key>` or body `api_key`. Errors are `{"detail": {"error": …}}` with Tavily\'s statuses ' +
  '(400, 401, 429; 432 when the balance is too low). Metered and cached like the Quarry endpoint it uses.';

/** Tavily's routes in one scope of their own, whose one error handler writes Tavily's error bodies. */
export async function registerTavilyRoutes(app: App, ops: AgentOps): Promise<void> {
  await app.register(async (scope: App) => {
    scope.setErrorHandler(renderTavilyError);
    registerRoutes(scope, ops);
  });
}

function registerRoutes(app: App, ops: AgentOps): void {
  app.post(
    `${TAVILY_PREFIX}/search`,
    {
      schema: {
        tags: ['compat: Tavily'],
        summary: 'Tavily search',
        description: `${description} One search (web, or news for \`topic: "news"\`), charged like \`POST /api/v1/search\`; \`include_raw_content\` adds one scrape per result, charged like \`POST /api/v1/scrape/\`, in the same one hold and charge. \`include_answer\` adds Quarry's answer, charged like \`POST /api/v1/answer\` (the search once, the pages read, the model tokens) instead of the search alone; nothing when no answer comes.`,
        body: TavilySearchRequest,
        response: { 200: TavilySearchResponse, ...errors },
      },
    },
    async (request, reply) => tavilySearch(ops, await edgeCaller(ops, request, reply, keyOf(request.body.api_key, request)), request.body),
  );
  app.post(
    `${TAVILY_PREFIX}/extract`,
    {
      schema: {
        tags: ['compat: Tavily'],
        summary: 'Tavily extract',
        description: `${description} One scrape per URL, charged like \`POST /api/v1/scrape/\` in one hold and charge; pages that fail are listed in \`failed_results\` and cost nothing.`,
        body: TavilyExtractRequest,
        response: { 200: TavilyExtractResponse, ...errors },
      },
    },
    async (request, reply) => tavilyExtract(ops, await edgeCaller(ops, request, reply, keyOf(request.body.api_key, request)), request.body),
  );
}
