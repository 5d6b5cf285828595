import { meteredFailure } from '../credits/index.js';
import type { ErrorMapper } from '../http/errors.js';
import { NoAnswerError } from './errors.js';

/**
 * An answer that found nothing to read is 422 (the question was understood; the web gave nothing
 * to answer it from); one whose pages all failed is 502, like a scrape whose target failed.
 */
export const answerErrorMapper: ErrorMapper = (error) => {
  if (error instanceof NoAnswerError) return meteredFailure(error.kind === 'no_results' ? 422 : 502, error.message);
  return undefined;
};
