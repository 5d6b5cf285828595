import { InsufficientCreditsError } from '../credits/ledger.js';
import { insufficientCredits, throttled } from '../credits/metered-errors.js';
import {
  AuthenticationError,
  DependencyUnavailableError,
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  ThrottledError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { ApiError, detail, serviceUnavailable, type ErrorMapper } from './errors.js';

export interface CoreErrorOptions {
  /** Relative path of the plans page, shown in the 402 body. */
  readonly upgradeUrl: string;
  readonly authenticateHeader: string;
}

/** The table from shared domain errors to HTTP answers. */
export function coreErrorMapper(options: CoreErrorOptions): ErrorMapper {
  return (error) => {
    if (error instanceof InvalidInputError) return new ApiError(400, error.fields);
    if (error instanceof NotFoundError) return detail(404, error.message);
    if (error instanceof AuthenticationError) return new ApiError(401, error.body, { 'www-authenticate': options.authenticateHeader });
    if (error instanceof PermissionDeniedError) return detail(403, error.message);
    if (error instanceof UnsupportedMediaTypeError) return detail(415, error.message);
    if (error instanceof ThrottledError) return throttled(error.waitSeconds, error.withWait);
    if (error instanceof InsufficientCreditsError) return insufficientCredits(error.creditsRemaining, options.upgradeUrl);
    if (error instanceof DependencyUnavailableError) return serviceUnavailable(error.retryAfterSeconds);
    return undefined;
  };
}
