import { errorText } from './error-text.js';
import type { RestAnswer } from './quarry-rest.js';

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

/** The human message of a Quarry REST answer (MCP and Jina read REST answers): the one flattener, `errorText`. */
export function restErrorMessage(answer: RestAnswer): string {
  return errorText(answer.body, `Quarry answered ${answer.status}.`);
}
