import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CREDITS_NEEDED_HEADER } from '../credits/index.js';

/**
 * OpenAI's error body, `{"error": {"message", "type", "param", "code"}}`, for the
 * OpenAI-compatible alias (`/chat/completions`, `/models`): OpenAI's SDKs read `error.message`
 * and `error.code` from it. The answers themselves are built once, in Quarry's own shapes (DRF
 * field errors, `{detail}`, `{error}`, the 402 body); this hook only re-words them for these
 * routes, keeping the status and the headers (`Retry-After`, `WWW-Authenticate`).
 */
export const OpenAIError = Type.Object(
  {
    error: Type.Object({
      message: Type.String(),
      type: Type.String({ description: '`invalid_request_error`, `insufficient_quota`, `rate_limit_exceeded` or `server_error`' }),
      param: Type.Union([Type.String(), Type.Null()], { description: 'The request field at fault, for a 400' }),
      code: Type.Union([Type.String(), Type.Null()], { description: 'A machine-readable code, e.g. `invalid_api_key`' }),
    }),
  },
  { $id: 'OpenAIError', description: "An error in OpenAI's shape (the OpenAI-compatible routes only)." },
);

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** `onSend` hook of the alias routes: error answers in OpenAI's shape, success untouched. */
export async function openAIErrorShape(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload; // not one of our JSON error bodies: nothing to re-word
  }
  const needed = Number(reply.getHeader(CREDITS_NEEDED_HEADER));
  return JSON.stringify(toOpenAIError(reply.statusCode, body, Number.isFinite(needed) && needed > 0 ? needed : undefined));
}

/** `creditsNeeded`: what a refused call needed (a 402's `X-Credits-Needed`), said in the message. */
export function toOpenAIError(status: number, body: unknown, creditsNeeded?: number): OpenAIErrorBody {
  const fields = isRecord(body) ? body : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (status === 401) {
    // A login token sent for a key gets its hint in the one message OpenAI clients show.
    const message = [text(fields.detail) ?? 'Invalid or inactive API key.', text(fields.hint)].filter(Boolean).join(' ');
    return error(message, 'invalid_request_error', null, 'invalid_api_key');
  }
  if (status === 402) {
    const remaining = typeof fields.credits_remaining === 'number' ? fields.credits_remaining : 0;
    const upgrade = text(fields.upgrade_url);
    const needs = creditsNeeded === undefined ? '' : `; this call needs ${creditsNeeded}`;
    const message = `Insufficient credits (${remaining} remaining${needs})${upgrade ? `; buy more at ${upgrade}` : ''}.`;
    return error(message, 'insufficient_quota', null, 'insufficient_quota');
  }
  if (status === 429) return error(text(fields.detail) ?? 'Request was throttled.', 'rate_limit_exceeded', null, 'rate_limit_exceeded');
  if (status >= 500) return error(text(fields.error) ?? 'Something went wrong', 'server_error', null, codeOf(status));
  const plain = text(fields.detail) ?? text(fields.error);
  if (plain !== undefined) return error(plain, 'invalid_request_error', null, status === 404 ? 'not_found' : null);
  const first = firstFieldError(body);
  if (first) return error(`${first.param}: ${first.message}`, 'invalid_request_error', first.param, null);
  return error('The request is invalid.', 'invalid_request_error', null, null);
}

function error(message: string, type: string, param: string | null, code: string | null): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

function codeOf(status: number): string {
  if (status === 503) return 'service_unavailable';
  if (status === 504) return 'timeout';
  return 'upstream_error';
}

/** The first message of DRF field errors, with its path written as OpenAI does (`messages[0].content`). */
function firstFieldError(body: unknown, path = ''): { param: string; message: string } | undefined {
  if (Array.isArray(body)) {
    const message = body.find((item): item is string => typeof item === 'string');
    return message === undefined ? undefined : { param: path || 'non_field_errors', message };
  }
  if (!isRecord(body)) return undefined;
  for (const [key, value] of Object.entries(body)) {
    const param = /^\d+$/.test(key) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const found = firstFieldError(value, param);
    if (found) return found;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
