/**
 * An error that already knows its HTTP answer. Domain code throws its own errors;
 * the composition root maps them to ApiError once, at the edge (see `ErrorMapper`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body === 'object' && body !== null && 'detail' in body ? String(body.detail) : `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Turns a domain error into its HTTP answer, or says it does not know the error. */
export type ErrorMapper = (error: unknown) => ApiError | undefined;

export type FieldErrors = { [field: string]: string[] | FieldErrors };

export const detail = (status: number, text: string, headers?: Record<string, string>) => new ApiError(status, { detail: text }, headers);

export const notFound = () => detail(404, 'Not found.');

/** A DRF field error: `{"field": ["message"]}`. */
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });

export const validationError = (errors: FieldErrors) => new ApiError(400, errors);

/** 429 `{"detail": "Request was throttled."}` with `Retry-After` (DRF's wording, with the wait when asked). */
export function throttled(waitSeconds: number, withWait: boolean): ApiError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  const text = withWait ? `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.` : 'Request was throttled.';
  return detail(429, text, { 'retry-after': String(wait) });
}

/**
 * DRF's `ServiceUnavailable`: a dependency is down, not a bug. Says nothing internal; the log
 * names the dependency. `Retry-After` tells well-behaved clients when to come back.
 */
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable, try again later.';
export const serviceUnavailable = (retryAfterSeconds: number) =>
  detail(503, SERVICE_UNAVAILABLE, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const serverFailure = () => new ApiError(500, { error: 'Something went wrong' });
