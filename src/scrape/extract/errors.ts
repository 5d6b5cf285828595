/** Why a document could not be turned into content. */
export type ExtractionErrorCode = 'invalid_pdf' | 'encrypted_pdf' | 'too_complex';

/** A document that cannot be read at all (as opposed to one that merely has no content). */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';

  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
