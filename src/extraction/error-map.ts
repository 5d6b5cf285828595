import { ApiError, type ErrorMapper } from '../http/errors.js';
import { ExtractionFailedError } from './errors.js';

/**
 * An extraction whose reply never validated: 422 `{"error": "…"}` naming the failing fields, with
 * the credit headers of what was charged (the model's tokens of both tries; not the page).
 */
export const extractionErrorMapper: ErrorMapper = (error) =>
  error instanceof ExtractionFailedError
    ? new ApiError(422, { error: error.message }, { 'x-credits-used': String(error.charged), 'x-credits-remaining': String(error.balance) })
    : undefined;
