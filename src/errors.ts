/**
 * Domain errors shared by every feature. Domain code throws these; `http/error-map.ts`
 * is the one table that turns them into status codes and DRF-shaped bodies.
 */
export type FieldMessages = { [field: string]: string[] | FieldMessages };

/** Bad input, reported per field as DRF does (`{"email": ["Enter a valid email address."]}`). */
export class InvalidInputError extends Error {
  constructor(readonly fields: FieldMessages) {
    super('Invalid input');
    this.name = 'InvalidInputError';
  }

  static field(field: string, message: string): InvalidInputError {
    return new InvalidInputError({ [field]: [message] });
  }
}

/** The thing does not exist for this caller (another account's rows included). */
export class NotFoundError extends Error {
  constructor(message = 'Not found.') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Credentials were missing or wrong; `body` is what the 401 answer shows. */
export class AuthenticationError extends Error {
  constructor(readonly body: Readonly<Record<string, unknown>>) {
    super(String(body.detail ?? 'Authentication failed'));
    this.name = 'AuthenticationError';
  }
}

export class PermissionDeniedError extends Error {
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
    this.name = 'PermissionDeniedError';
  }
}

/** Too many requests; the caller may try again after `waitSeconds`. */
export class ThrottledError extends Error {
  constructor(
    readonly waitSeconds: number,
    readonly withWait = false,
  ) {
    super('Request was throttled.');
    this.name = 'ThrottledError';
  }
}

/** The request body's media type is not one the endpoint reads. */
export class UnsupportedMediaTypeError extends Error {
  constructor(readonly mediaType: string) {
    super(`Unsupported media type "${mediaType}" in request.`);
    this.name = 'UnsupportedMediaTypeError';
  }
}

/**
 * A shared dependency (Redis) cannot be reached, so the request cannot be served safely right
 * now; the caller may try again after `retryAfterSeconds`. Not a bug and not the caller's fault.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} is unreachable`, options);
    this.name = 'DependencyUnavailableError';
  }
}
