/**
 * The Exa API at `/exa` (`new Exa(key, "<quarry>/exa")`): `POST /exa/search`, `POST /exa/contents`
 * and `POST /exa/answer`.
 * The Quarry API key comes in `x-api-key` (what `exa-js` sends) or as `Authorization: Bearer`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSseWriter } from '../../chat/index.js';
import type { App } from '../../http/server.js';
import { edgeCaller, type AgentOps } from '../agent-ops.js';
import { surfaceFailure } from '../domain-errors.js';
import { bearerKey } from '../quarry-rest.js';
import { exaAnswer, exaAnswerChunks } from './answer.js';
import { ExaAnswerRequest, ExaAnswerResponse, ExaContentsRequest, ExaContentsResponse, ExaError, ExaSearchRequest, ExaSearchResponse } from './schemas.js';
import { exaContents, exaSearch } from './service.js';

export const EXA_PREFIX = '/exa';

const TAGS: Record<number, string> = {
  400: 'INVALID_REQUEST_BODY',
  401: 'INVALID_API_KEY',
  402: 'NO_MORE_CREDITS',
  403: 'ACCESS_DENIED',
  429: 'RATE_LIMIT_EXCEEDED',
};

/** The error handler of the Exa scope: every error of its routes (hooks, validation, handlers) as `{requestId, error, tag}`. */
function renderExaError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = surfaceFailure(error, request, request.server.errorAnswer);
  if (failure === undefined) return reply.code(500).send({ requestId: request.id, error: 'Internal server error.', tag: 'INTERNAL_ERROR' });
  const { status } = failure;
  for (const [name, value] of Object.entries(failure.headers)) reply.header(name, value);
  return reply
    .code(status)
    .send({ requestId: randomUUID(), error: failure.message, tag: TAGS[status] ?? (status >= 500 ? 'UPSTREAM_ERROR' : 'INVALID_REQUEST') });
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  return (typeof header === 'string' && header !== '' ? header : undefined) ?? bearerKey(request.headers.authorization);
}

const errors = { 400: ExaError, 401: ExaError, 402: ExaError, 422: ExaError, 429: ExaError, 500: ExaError, 502: ExaError, 503: ExaError };
const description =
  'Key in `x-api-key` (or `Authorization: Bearer`). Errors are `{requestId, error, tag}` with the HTTP status Quarry gives. ' +
  'Metered and cached like the Quarry endpoints it uses.';

/** Exa's routes in one scope of their own, whose one error handler writes Exa's error bodies. */
export async function registerExaRoutes(app: App, ops: AgentOps): Promise<void> {
  await app.register(async (scope: App) => {
    scope.setErrorHandler(renderExaError);
    registerRoutes(scope, ops);
  });
}

function registerRoutes(app: App, ops: AgentOps): void {
  app.post(
    `${EXA_PREFIX}/search`,
    {
      schema: {
        tags: ['compat: Exa'],
        summary: 'Exa search',
        description: `${description} One search, charged like \`POST /api/v1/search\`; \`contents.text\` adds one scrape per result, in the same one hold and charge.`,
        body: ExaSearchRequest,
        response: { 200: ExaSearchResponse, ...errors },
      },
    },
    async (request, reply) => exaSearch(ops, await edgeCaller(ops, request, reply, keyOf(request)), request.body),
  );
  app.post(
    `${EXA_PREFIX}/contents`,
    {
      schema: {
        tags: ['compat: Exa'],
        summary: 'Exa contents',
        description: `${description} One scrape per URL, charged like \`POST /api/v1/scrape/\` in one hold and charge; a page that fails is listed in \`statuses\` and costs nothing.`,
        body: ExaContentsRequest,
        response: { 200: ExaContentsResponse, ...errors },
      },
    },
    async (request, reply) => exaContents(ops, await edgeCaller(ops, request, reply, keyOf(request)), request.body),
  );
  app.post(
    `${EXA_PREFIX}/answer`,
    {
      schema: {
        tags: ['compat: Exa'],
        summary: 'Exa answer',
        description:
          `${description} Quarry's answer from the web: charged like \`POST /api/v1/answer\` (the search, the pages read, the model tokens), ` +
          'nothing when no answer comes (the search finds nothing: 422; the model fails: 502). `citations` are the pages cited, `[k]` in the answer the k-th of them. ' +
          'With `stream: true`: Server-Sent Events, `choices[0].delta.content` chunks then one `citations` chunk, as `exa-js` `streamAnswer` reads them.',
        body: ExaAnswerRequest,
        response: { 200: ExaAnswerResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await edgeCaller(ops, request, reply, keyOf(request));
      if (request.body.stream !== true) return exaAnswer(ops, caller, request.body);
      const writer = createSseWriter(reply.raw, { headers: { 'x-request-id': String(request.id) } });
      // Resolves at the model's first output: a failure before it still gets Exa's JSON error.
      const chunks = await exaAnswerChunks(ops, caller, request.body);
      reply.hijack();
      try {
        for await (const data of chunks) {
          // The reader left: stop the model (what it produced so far is charged, as with chat).
          if (!(await writer.send(data))) break;
        }
      } catch (error) {
        // The status is sent; `exa-js` ends the stream without citations, which is all it can be told.
        request.log.error({ err: error }, 'exa answer stream failed');
        await writer.send(JSON.stringify({ error: { message: 'The model stopped before the answer was complete.' } }));
      } finally {
        writer.end();
      }
      return reply;
    },
  );
}
