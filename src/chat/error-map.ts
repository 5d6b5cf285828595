import { meteredFailure } from '../credits/index.js';
import type { ErrorMapper } from '../http/errors.js';
import { ChatNotConfiguredError, UpstreamError, upstreamErrorStatus } from './errors.js';

/**
 * Chat's domain errors as HTTP answers, in the `{"error": "…"}` shape of upstream and
 * configuration failures. The text is always one of our own sentences (see `UpstreamError`),
 * so neither the upstream's words nor its key or address can reach a client.
 */
export const chatErrorMapper: ErrorMapper = (error) => {
  if (error instanceof ChatNotConfiguredError) return meteredFailure(503, error.message);
  if (!(error instanceof UpstreamError)) return undefined;
  const headers: Record<string, string> =
    error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, error.retryAfterSeconds)) } : {};
  return meteredFailure(upstreamErrorStatus(error), error.message, headers);
};
