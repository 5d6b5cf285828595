import type { FastifyRequest } from 'fastify';

/**
 * For the OpenAI-compatible routes only: OpenAI clients send their key as
 * `Authorization: Bearer <key>`, so an API key presented that way is handed to the usual
 * `X-API-KEY` check. An explicit `X-API-KEY` wins. A JWT sent here is not a key and fails
 * that check (401), which is right: these routes take API keys, not logins. Routes
 * elsewhere never see this hook, so their `Authorization` keeps meaning a JWT.
 */
export async function bearerAsApiKey(request: FastifyRequest): Promise<void> {
  if (request.headers['x-api-key'] !== undefined) return;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (match?.[1] !== undefined) request.headers['x-api-key'] = match[1];
}
