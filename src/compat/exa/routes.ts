/**
 * The Exa API at `/exa` (`new Exa(key, "<quarry>/exa")`): `POST /exa/search` and `POST /exa/contents`.
 * The Quarry API key comes in `x-api-key` (what `exa-js` sends) or as `Authorization: Bearer`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { CompatError, MISSING_KEY_MESSAGE } from '../compat-error.js';
import { bearerKey, type QuarryRest } from '../quarry-rest.js';
import { requestErrorMessage } from '../validation-message.js';
import { ExaContentsRequest, ExaContentsResponse, ExaError, ExaSearchRequest, ExaSearchResponse } from './schemas.js';
import { exaContents, exaSearch } from './service.js';

export const EXA_PREFIX = '/exa';

const TAGS: Record<number, string> = {
  400: 'INVALID_REQUEST_BODY',
  401: 'INVALID_API_KEY',
  402: 'NO_MORE_CREDITS',
  403: 'ACCESS_DENIED',
  429: 'RATE_LIMIT_EXCEEDED',
};

function sendExaError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const known = error instanceof CompatError ? error : undefined;
  const message = known?.message ?? requestErrorMessage(error);
  if (message === undefined) {
    request.log.error({ err: error }, 'exa request failed');
    void reply.code(500).send({ requestId: request.id, error: 'Internal server error.', tag: 'INTERNAL_ERROR' });
    return;
  }
  const status = known?.status ?? 400;
  for (const [name, value] of Object.entries(known?.headers ?? {})) reply.header(name, value);
  void reply.code(status).send({ requestId: randomUUID(), error: message, tag: TAGS[status] ?? (status >= 500 ? 'UPSTREAM_ERROR' : 'INVALID_REQUEST') });
}

function keyOf(request: FastifyRequest): string {
  const header = request.headers['x-api-key'];
  const key = (typeof header === 'string' && header !== '' ? header : undefined) ?? bearerKey(request.headers.authorization);
  if (key === undefined) throw new CompatError(401, MISSING_KEY_MESSAGE);
  return key;
}

const errors = { 400: ExaError, 401: ExaError, 402: ExaError, 429: ExaError, 500: ExaError, 502: ExaError };
const description =
  'Key in `x-api-key` (or `Authorization: Bearer`). Errors are `{requestId, error, tag}` with the HTTP status Quarry gives. ' +
  'Metered and cached like the Quarry endpoints it uses.';

export function registerExaRoutes(app: App, deps: { rest: QuarryRest; now: () => Date }): void {
  app.post(
    `${EXA_PREFIX}/search`,
    {
      errorHandler: sendExaError,
      schema: {
        tags: ['compat: Exa'],
        summary: 'Exa search',
        description: `${description} Runs \`POST /api/v1/search\`; \`contents.text\` adds one scrape per result.`,
        body: ExaSearchRequest,
        response: { 200: ExaSearchResponse, ...errors },
      },
    },
    async (request) => exaSearch(deps.rest, keyOf(request), request.body, deps.now),
  );
  app.post(
    `${EXA_PREFIX}/contents`,
    {
      errorHandler: sendExaError,
      schema: {
        tags: ['compat: Exa'],
        summary: 'Exa contents',
        description: `${description} One \`POST /api/v1/scrape/\` per URL; a page that fails is listed in \`statuses\`.`,
        body: ExaContentsRequest,
        response: { 200: ExaContentsResponse, ...errors },
      },
    },
    async (request) => exaContents(deps.rest, keyOf(request), request.body),
  );
}
