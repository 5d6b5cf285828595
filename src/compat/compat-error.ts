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
}

export const MISSING_KEY_MESSAGE = 'Authentication credentials were not provided.';
