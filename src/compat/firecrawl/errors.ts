/**
 * Firecrawl's error bodies: `{"success": false, "error": "<text>"}`, plus `code` and `details` where
 * useful, with its statuses (400, 401, 402, 404, 408, 429, 5xx). Every route of the surface lives in
 * one Fastify scope whose error handler (`renderFirecrawlError`) takes Quarry's answer to the error
 * (the same domain-error table as the REST API) and writes it in Firecrawl's words.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import { sendApiError } from '../../http/server.js';
import { errorText } from '../error-text.js';

export interface FirecrawlErrorBody {
  readonly success: false;
  readonly error: string;
  readonly code?: string;
  readonly details?: unknown;
}

export const firecrawlError = (status: number, error: string, code?: string) =>
  new ApiError(status, { success: false, error, ...(code === undefined ? {} : { code }) } satisfies FirecrawlErrorBody);

/** A request Firecrawl would refuse as malformed, or one asking for what Quarry does not do. */
export const badRequest = (error: string) => firecrawlError(400, error, 'BAD_REQUEST');

export const jobNotFound = () => firecrawlError(404, 'Job not found');

/** Quarry's answer body (DRF's `detail`, `error` or field errors) in Firecrawl's words; the original stays in `details` where it helps. */
export function toFirecrawlBody(status: number, body: unknown): FirecrawlErrorBody {
  const text = errorText(body);
  switch (status) {
    case 401:
      return { success: false, error: `Unauthorized: Invalid token (${text})` };
    case 402:
      return { success: false, error: 'Insufficient credits to perform this request.', details: body };
    case 429:
      return { success: false, error: `Rate limit exceeded. ${text}` };
    case 400:
      return { success: false, code: 'BAD_REQUEST', error: `Bad Request: ${text}`, details: body };
    default:
      return { success: false, error: text };
  }
}

function isFirecrawlBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'success' in body;
}

/** Quarry's answer to an error in Firecrawl's shape; status and headers (`Retry-After`…) unchanged. */
function asFirecrawlAnswer(answer: ApiError): ApiError {
  if (isFirecrawlBody(answer.body)) return answer;
  return new ApiError(answer.status, toFirecrawlBody(answer.status, answer.body), answer.headers);
}

/** The error handler of the Firecrawl scope: every error, from any hook or handler of its routes, in Firecrawl's shape. */
export function renderFirecrawlError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendApiError(reply, asFirecrawlAnswer(request.server.errorAnswer(error, request)));
}
