/**
 * The domain errors of the operations the agent surfaces run (search, scrape, metering), each
 * with a closed code, a status and a safe message, read from the error itself. Tavily, Exa and
 * Jina write them in their own wire shapes; none parses a REST error body.
 */
import type { FastifyRequest } from 'fastify';
import { ClientGoneError, CLIENT_GONE_STATUS, InsufficientCreditsError } from '../credits/index.js';
import { AuthenticationError, DependencyUnavailableError, InvalidInputError, ThrottledError } from '../errors.js';
import type { ErrorAnswer } from '../http/error-answer.js';
import { SERVICE_UNAVAILABLE } from '../http/errors.js';
import { ExtractionError } from '../scrape/extract/index.js';
import { ScrapeError } from '../scrape/index.js';
import { ScrapeNetworkError } from '../scrape/net/index.js';
import { QueryRejectedError, AllEnginesFailedError, SearchNotConfiguredError, InvalidTbsError } from '../search/index.js';
import { CompatError } from './compat-error.js';
import { errorText } from './error-text.js';
import { requestErrorMessage } from './validation-message.js';

export type DomainErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'insufficient_credits'
  | 'throttled'
  | 'engines_failed'
  | 'not_configured'
  | 'target_failed'
  | 'unsupported_content'
  | 'timeout'
  | 'unavailable'
  | 'client_gone';

const STATUS: Record<DomainErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  insufficient_credits: 402,
  throttled: 429,
  engines_failed: 502,
  not_configured: 503,
  target_failed: 502,
  unsupported_content: 415,
  timeout: 504,
  unavailable: 503,
  client_gone: CLIENT_GONE_STATUS,
};

export interface DomainFailure {
  readonly code: DomainErrorCode;
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

function failure(code: DomainErrorCode, message: string, headers: Record<string, string> = {}): DomainFailure {
  return { code, status: STATUS[code], message, headers };
}

function networkFailure(error: ScrapeNetworkError): DomainFailure {
  switch (error.code) {
    case 'invalid_url':
    case 'unsupported_scheme':
    case 'blocked_address':
      return failure('invalid_input', `url: ${error.message}`);
    case 'timeout':
      return failure('timeout', error.message);
    case 'aborted':
      return failure('client_gone', error.message);
    case 'browser_unavailable':
      return failure('unavailable', error.message);
    default:
      return failure('target_failed', error.message);
  }
}

/** The closed code, status and message of a domain error; undefined for anything else (a bug: 500). */
export function domainFailure(error: unknown): DomainFailure | undefined {
  if (error instanceof CompatError) return undefined;
  if (error instanceof InvalidInputError) return failure('invalid_input', errorText(error.fields));
  if (error instanceof InvalidTbsError) return failure('invalid_input', `tbs: ${error.message}`);
  if (error instanceof QueryRejectedError) return failure('invalid_input', `query: ${error.message}`);
  if (error instanceof AuthenticationError) return failure('unauthenticated', errorText(error.body));
  if (error instanceof InsufficientCreditsError) return failure('insufficient_credits', 'Insufficient credits');
  if (error instanceof ThrottledError) return failure('throttled', error.message, { 'retry-after': String(Math.max(1, Math.ceil(error.waitSeconds))) });
  if (error instanceof AllEnginesFailedError) return failure('engines_failed', error.message);
  if (error instanceof SearchNotConfiguredError) return failure('not_configured', error.message);
  if (error instanceof ScrapeNetworkError) return networkFailure(error);
  if (error instanceof ScrapeError) {
    const code = error.code === 'unsupported_content' ? 'unsupported_content' : error.code === 'browser_not_installed' ? 'unavailable' : 'target_failed';
    return failure(code, error.message);
  }
  if (error instanceof ExtractionError) return failure('target_failed', `The target's document could not be read: ${error.message}`);
  if (error instanceof DependencyUnavailableError)
    return failure('unavailable', SERVICE_UNAVAILABLE, { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) });
  if (error instanceof ClientGoneError) return failure('client_gone', error.message);
  return undefined;
}

/** Failures that concern the caller, not one page: they stop a multi-page operation as a whole. */
export function isCallerFailure(error: unknown): boolean {
  const code = domainFailure(error)?.code;
  return code === 'unauthenticated' || code === 'insufficient_credits' || code === 'throttled' || code === 'client_gone';
}

/** The failure of one page of a multi-page operation; rethrows a failure of the caller, or a bug, to stop the whole. */
export function pageFailure(error: unknown): DomainFailure {
  const known = domainFailure(error);
  if (known === undefined || isCallerFailure(error)) throw error;
  return known;
}

/** What an agent surface answers: a status, one message and the headers worth passing on. */
export interface SurfaceFailure {
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * What an agent surface (Tavily, Exa) answers for an error raised anywhere in its routes: its own
 * refusals (CompatError), the domain errors by closed code, Fastify's request errors as one
 * sentence (400), then whatever Quarry's REST table knows (`errorAnswer`). Undefined for a bug:
 * the surface answers its 500, which `errorAnswer` has logged.
 */
export function surfaceFailure(error: unknown, request: FastifyRequest, errorAnswer: ErrorAnswer): SurfaceFailure | undefined {
  if (error instanceof CompatError) return error;
  const known = domainFailure(error);
  if (known !== undefined) return known;
  const message = requestErrorMessage(error);
  if (message !== undefined) return { status: 400, message, headers: {} };
  const answer = errorAnswer(error, request);
  return answer.status === 500 ? undefined : { status: answer.status, message: errorText(answer.body), headers: answer.headers };
}
