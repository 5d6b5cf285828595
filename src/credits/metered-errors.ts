import { Type } from '@sinclair/typebox';
import { ApiError, type ErrorMapper } from '../http/errors.js';
import { ErrorDetail, FieldErrors, ServerError } from '../http/schema.js';
import { InsufficientCreditsError } from './ledger.js';

/**
 * The error answers of metered endpoints (search, scrape, chat and the vertical searches),
 * built in one place so every endpoint says the same thing the same way:
 * - 402 `{"error": "Insufficient credits", "credits_remaining", "upgrade_url"}` (the contract);
 * - 429 `{"detail": "Request was throttled."}` with `Retry-After`;
 * - 502/503/504 (and a target's 415) `{"error": "…"}` naming what failed, never a secret.
 */

/** The client disconnected before its answer: nobody is left to answer, nothing is charged. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client disconnected before the answer was ready.');
    this.name = 'ClientGoneError';
  }
}

/** Status of a request whose client has gone; only the access log ever sees it. */
export const CLIENT_GONE_STATUS = 499;

export const InsufficientCredits = Type.Object(
  { error: Type.String(), credits_remaining: Type.Integer(), upgrade_url: Type.String({ description: 'Relative path of the plans page' }) },
  { $id: 'InsufficientCredits', description: 'Not enough credits to hold the most this call can cost.' },
);

/** Response header of a 402 saying how many credits the call needed, when known (the contract fixes the body). */
export const CREDITS_NEEDED_HEADER = 'x-credits-needed';

export function insufficientCredits(creditsRemaining: number, upgradeUrl: string, creditsNeeded?: number): ApiError {
  const headers: Record<string, string> = creditsNeeded === undefined ? {} : { [CREDITS_NEEDED_HEADER]: String(creditsNeeded) };
  return new ApiError(402, { error: 'Insufficient credits', credits_remaining: creditsRemaining, upgrade_url: upgradeUrl }, headers);
}

/** The ledger's errors in HTTP: a hold larger than the balance is the contract's 402. */
export function creditErrorMapper(upgradeUrl: string): ErrorMapper {
  return (error) => (error instanceof InsufficientCreditsError ? insufficientCredits(error.creditsRemaining, upgradeUrl, error.creditsNeeded) : undefined);
}

/** An upstream, target, timeout or configuration failure: `{"error": message}`; the message must be safe to show. */
export function meteredFailure(status: number, message: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(status, { error: message }, headers);
}

export const meteredErrorMapper: ErrorMapper = (error) => (error instanceof ClientGoneError ? meteredFailure(CLIENT_GONE_STATUS, error.message) : undefined);

/** The documented error answers of every metered route (OpenAPI `responses`). */
export const meteredErrorResponses = {
  400: Type.Ref(FieldErrors),
  401: Type.Ref(ErrorDetail),
  402: Type.Ref(InsufficientCredits),
  // `{detail}` for a request body that is not JSON; `{error}` for a scrape target's type we cannot read.
  415: Type.Union([Type.Ref(ErrorDetail), Type.Ref(ServerError)]),
  429: Type.Ref(ErrorDetail),
  502: Type.Ref(ServerError),
  // `{error}` naming a feature that is not configured; `{detail}` while Redis is unreachable (with Retry-After).
  503: Type.Union([Type.Ref(ServerError), Type.Ref(ErrorDetail)]),
  504: Type.Ref(ServerError),
};

export const meteredErrorSchemas = [InsufficientCredits];
