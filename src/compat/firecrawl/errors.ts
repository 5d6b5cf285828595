/**
 * Firecrawl's error bodies: `{"success": false, "error": "<text>"}`, plus `code` and `details` where
 * useful, with its statuses (400, 401, 402, 404, 408, 429, 5xx). Quarry's shared lifecycle (auth,
 * throttle, credits, schema validation) throws its usual errors; `firecrawlErrorBodies` rewrites
 * their DRF bodies on the way out, so every route of the surface answers like Firecrawl.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
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

/** `onSend` hook of the surface: any error body not already in Firecrawl's shape is rewritten into it. */
export async function firecrawlErrorBodies(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return JSON.stringify(toFirecrawlBody(reply.statusCode, payload));
  }
  if (typeof body === 'object' && body !== null && 'success' in body) return payload;
  return JSON.stringify(toFirecrawlBody(reply.statusCode, body));
}
