/**
 * The one table from an error to Quarry's HTTP answer: an ApiError as it is, then the domain-error
 * mappers (core and each feature's), then Fastify's own request errors (validation, media type,
 * size, bad JSON), and a 500 for anything else. Quarry's REST answers it as it is; each other
 * surface renders the same answer in its own wire shape (its scope's `setErrorHandler`).
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import { toDrfErrors, type SchemaError } from './drf-validation.js';
import { ApiError, detail, notFound, serverFailure, type ErrorMapper } from './errors.js';
import { bodyTooLarge } from './multipart.js';

/**
 * An error's HTTP answer, logged once: a 500 as a bug (with its stack), a mapped 5xx as a dependency's
 * failure. The request's logger already carries `reqId`: a line names it once.
 */
export type ErrorAnswer = (error: unknown, request: FastifyRequest) => ApiError;

export function createErrorAnswer(mappers: readonly ErrorMapper[]): ErrorAnswer {
  return (error, request) => {
    const answer = toApiError(error, request, mappers);
    if (answer.status === 500) request.log.error({ err: error }, 'request failed');
    else if (answer.status > 500) {
      const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
      request.log.warn({ status: answer.status, code, cause: error instanceof Error ? error.message : String(error) }, 'request not served');
    }
    return answer;
  };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

function unsupportedMediaType(request: FastifyRequest): ApiError {
  return detail(415, `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`);
}

function toApiError(error: unknown, request: FastifyRequest, mappers: readonly ErrorMapper[]): ApiError {
  if (error instanceof ApiError) return error;
  for (const mapper of mappers) {
    const mapped = mapper(error);
    if (mapped) return mapped;
  }
  if (!isFastifyError(error)) return serverFailure();

  if (error.validation) {
    if (error.validationContext === 'params') return notFound();
    return new ApiError(400, toDrfErrors(error.validation as unknown as SchemaError[]));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(request);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return detail(400, `JSON parse error - ${error.message}`);
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return status === 415 ? unsupportedMediaType(request) : detail(status, 'Malformed request.');
  return serverFailure();
}
