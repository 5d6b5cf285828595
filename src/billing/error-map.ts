import { ApiError, detail, type ErrorMapper } from '../http/errors.js';
import { BillingNotConfiguredError, ProviderRejectedError, ProviderUnavailableError, WebhookPayloadError, WebhookSignatureError } from './errors.js';

/**
 * Billing errors at the edge. Their messages never carry a key or a secret, so they are shown
 * as they are; a provider's own explanation (ProviderRejectedError.detail) stays in the log.
 */
export const billingErrorMapper: ErrorMapper = (error) => {
  if (error instanceof BillingNotConfiguredError) return new ApiError(503, { error: error.message });
  // A client cannot fix our key, our catalog or the provider's outage: all are upstream failures.
  if (error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError) return new ApiError(502, { error: error.message });
  if (error instanceof WebhookSignatureError || error instanceof WebhookPayloadError) return detail(400, error.message);
  return undefined;
};
