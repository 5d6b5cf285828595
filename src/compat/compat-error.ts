import type { RestAnswer } from './quarry-rest.js';
import { restErrorMessage } from './quarry-rest.js';

/**
 * A refusal of a compatibility surface, before each surface writes it in its vendor's error
 * format: the HTTP status Quarry would give and the message it would give.
 */
export class CompatError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers worth passing on (`retry-after` of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'CompatError';
  }

  /** Quarry's REST refusal, with its status, message and `Retry-After`. */
  static fromRest(answer: RestAnswer): CompatError {
    const retryAfter = answer.headers['retry-after'];
    return new CompatError(answer.status, restErrorMessage(answer), retryAfter === undefined ? {} : { 'retry-after': retryAfter });
  }
}

export const MISSING_KEY_MESSAGE = 'Authentication credentials were not provided.';
