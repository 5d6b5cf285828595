/**
 * Domain errors of the billing core. Each has a stable `code` the HTTP edge maps to a
 * status (see src/billing/README.md). Messages are safe to show to a client: they never
 * carry the provider API key, a webhook secret or a raw provider response.
 */

/** Base class so the edge can recognise every billing error with one `instanceof`. */
export abstract class BillingError extends Error {
  abstract readonly code: string;
}

/** Billing (or the part needed for this call) is not configured: answer 503. */
export class BillingNotConfiguredError extends BillingError {
  readonly code = 'billing_not_configured';
  constructor(message = 'Billing is not configured.') {
    super(message);
    this.name = 'BillingNotConfiguredError';
  }
}

/**
 * The provider could not be reached, timed out, answered 5xx or 429, or answered 2xx with a
 * body we cannot understand: answer 502. Retrying later may succeed.
 */
export class ProviderUnavailableError extends BillingError {
  readonly code = 'provider_unavailable';
  constructor(
    message: string,
    readonly httpStatus?: number,
    readonly requestId?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * The provider refused the request (4xx other than 429). `providerCode` is the provider's own
 * error code (e.g. Paddle's `invalid_token`); `detail` is the provider's explanation, meant for
 * the log rather than for end users.
 */
export class ProviderRejectedError extends BillingError {
  readonly code = 'provider_rejected';
  constructor(
    readonly httpStatus: number,
    readonly providerCode: string,
    readonly detail: string,
    readonly requestId?: string,
  ) {
    super(`The payment provider rejected the request (${providerCode}).`);
    this.name = 'ProviderRejectedError';
  }
}

export type WebhookSignatureFailure = 'missing' | 'malformed' | 'mismatch' | 'expired' | 'future';

/** A webhook whose signature header is missing, malformed, wrong or outside the time tolerance: answer 400/401. */
export class WebhookSignatureError extends BillingError {
  readonly code = 'webhook_signature_invalid';
  constructor(readonly reason: WebhookSignatureFailure) {
    super(`Webhook signature rejected (${reason}).`);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed webhook whose body is not an event we can read: answer 400. */
export class WebhookPayloadError extends BillingError {
  readonly code = 'webhook_payload_invalid';
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/** The plans file cannot be read or is invalid. The message is one line naming the file and the problem. */
export class PlansFileError extends BillingError {
  readonly code = 'plans_file_invalid';
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'PlansFileError';
  }
}
