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

/**
 * The human message of a Quarry error body: `detail` (auth, 404, 429), `error` (402, 5xx), or a
 * DRF field-error body flattened to `field: message` pairs. The compatibility surfaces pass it
 * on unchanged, so a client sees the words the REST API would have given.
 */
export function restErrorMessage(answer: RestAnswer): string {
  const body = answer.body;
  if (typeof body === 'string' && body !== '') return body;
  if (typeof body !== 'object' || body === null) return `Quarry answered ${answer.status}.`;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return record.detail;
  if (typeof record.error === 'string') return record.error;
  const parts = Object.entries(record).map(([field, value]) => `${field}: ${fieldMessages(value)}`);
  return parts.length > 0 ? parts.join('; ') : `Quarry answered ${answer.status}.`;
}

function fieldMessages(value: unknown): string {
  if (Array.isArray(value)) return value.map(fieldMessages).join(' ');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${fieldMessages(inner)}`)
      .join('; ');
  }
  return String(value);
}
