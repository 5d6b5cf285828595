import {
  AuthenticationError,
  DependencyUnavailableError,
  InvalidInputError,
  NotFoundError,
  PermissionDeniedError,
  ThrottledError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { ApiError, detail, serviceUnavailable, throttled, type ErrorMapper } from './errors.js';

export interface CoreErrorOptions {
  readonly authenticateHeader: string;
}

/**
 * The table from the shared domain errors of `src/errors.ts` to HTTP answers. A feature's own
 * errors (the ledger's insufficient credits, a key that cannot be revealed…) are mapped by the
 * feature's mapper, registered beside this one: the HTTP layer knows no feature.
 */
export function coreErrorMapper(options: CoreErrorOptions): ErrorMapper {
  return (error) => {
    if (error instanceof InvalidInputError) return new ApiError(400, error.fields);
    if (error instanceof NotFoundError) return detail(404, error.message);
    if (error instanceof AuthenticationError) return new ApiError(401, error.body, { 'www-authenticate': options.authenticateHeader });
    if (error instanceof PermissionDeniedError) return detail(403, error.message);
    if (error instanceof UnsupportedMediaTypeError) return detail(415, error.message);
    if (error instanceof ThrottledError) return throttled(error.waitSeconds, error.withWait);
    if (error instanceof DependencyUnavailableError) return serviceUnavailable(error.retryAfterSeconds);
    return undefined;
  };
}
