import { meteredFailure } from '../credits/index.js';
import { ApiError, type ErrorMapper } from '../http/errors.js';
import { QueryRejectedError } from './engine.js';
import { AllEnginesFailedError, SearchNotConfiguredError } from './errors.js';
import { InvalidTbsError } from './tbs.js';

/**
 * Search's domain errors as HTTP answers. Every engine failing is a 502 whose text names the
 * engines tried and why (engine messages never carry keys or addresses); a vertical without any
 * configured engine is a 503. A query an engine refuses as the request's fault is a 400 on its
 * query, on every surface that searches (the compatibility surfaces pass it on in their shape).
 */
export const searchErrorMapper: ErrorMapper = (error) => {
  if (error instanceof AllEnginesFailedError) return meteredFailure(502, error.message);
  if (error instanceof SearchNotConfiguredError) return meteredFailure(503, error.message);
  if (error instanceof InvalidTbsError) return new ApiError(400, { tbs: [error.message] });
  if (error instanceof QueryRejectedError) return new ApiError(400, { query: [error.message] });
  return undefined;
};
