import type { Plan } from './plans.js';

/**
 * The payment-provider contract. Paddle Billing (providers/paddle.ts) implements it; Stripe
 * Checkout Sessions would fit as a second module (see README.md).
 *
 * Credits are granted by the caller, exactly once per transaction id, when a transaction read
 * from the provider (getTransaction or a verified webhook) has `status === 'paid'` and its
 * `accountId`/`planId` match the local records. A provider never grants anything itself.
 */
export interface PaymentProvider {
  /** Short lowercase provider name, also the key of `Plan.providerPriceIds` ("paddle"). */
  readonly name: string;

  /**
   * Creates a provider-side transaction for one unit of `plan`, tagged with the account and
   * plan ids so that getTransaction and webhooks can tell whom it is for.
   *
   * Must: send the account id and plan id to the provider (custom data / metadata); return
   * the provider's transaction id; never create more than one provider transaction per call.
   * Throws BillingNotConfiguredError (no credentials, or the plan has no price at this
   * provider), ProviderUnavailableError, or ProviderRejectedError.
   */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;

  /**
   * Reads a transaction from the provider, never from a cache: confirmation relies on it.
   *
   * Returns null only when the provider says the transaction does not exist (or the id cannot
   * be one of its ids). Every other failure throws: BillingNotConfiguredError,
   * ProviderUnavailableError or ProviderRejectedError.
   */
  getTransaction(transactionId: string): Promise<ProviderTransaction | null>;

  /**
   * Authenticates a webhook and returns its event.
   *
   * Must: check the signature over the exact raw bytes received (never re-serialised JSON)
   * with a constant-time comparison; reject timestamps outside the configured tolerance in
   * either direction; accept any of several signatures (secret rotation). Throws
   * WebhookSignatureError when the request is not authentic, WebhookPayloadError when it is
   * authentic but unreadable, BillingNotConfiguredError when no webhook secret is set.
   * Webhooks can repeat and arrive out of order: callers must stay idempotent.
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent;

  /**
   * Parses an event body WITHOUT checking its authenticity: only for bodies already verified
   * (for instance events stored after verifyWebhook and replayed). Throws WebhookPayloadError.
   */
  parseEvent(rawBody: Buffer): ProviderEvent;
}

/** Normalised payment state. Only `paid` may lead to a credit grant. */
export type PaymentStatus = 'pending' | 'paid' | 'canceled' | 'failed';

export interface CheckoutRequest {
  readonly plan: Plan;
  readonly account: { readonly id: string | number; readonly email: string };
}

export interface CheckoutSession {
  readonly transactionId: string;
  readonly status: PaymentStatus;
  /** The provider's own status word ("draft", "open", …), for logs and the status endpoint. */
  readonly providerStatus: string;
  /** A hosted payment page, when the provider gives one. */
  readonly checkoutUrl?: string;
  /** What a browser needs to open the provider's checkout (public values only, never secrets). */
  readonly clientData: Readonly<Record<string, unknown>>;
}

export interface ProviderTransaction {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly providerStatus: string;
  /** From the custom data written by createCheckout; absent on transactions made elsewhere. */
  readonly accountId?: string;
  readonly planId?: string;
  /** Total the customer pays, in minor units of `currency`, tax included. */
  readonly amount: number;
  readonly currency: string;
}

/**
 * `transaction.paid` / `transaction.completed` are the two events that can carry a paid
 * transaction; every other provider event is `other` (its own name stays in `providerType`).
 * Grant on `transaction.status === 'paid'`, not on the event type.
 */
export type ProviderEventType = 'transaction.paid' | 'transaction.completed' | 'other';

export interface ProviderEvent {
  /** The provider's event id; the same event delivered twice has the same id. */
  readonly id: string;
  readonly type: ProviderEventType;
  readonly providerType: string;
  /** RFC 3339 time the event occurred at the provider. */
  readonly occurredAt: string;
  /** The transaction the event is about, or null for events about other entities. */
  readonly transaction: ProviderTransaction | null;
}

/** Request headers as Node and Fastify give them (lower-case names). */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;
