import type { Dispatcher } from 'undici';
import { BillingNotConfiguredError, ProviderRejectedError } from '../errors.js';
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent, ProviderTransaction, WebhookHeaders } from '../provider.js';
import { createPaddleApi, type PaddleApi } from './paddle-api.js';
import { customerEntity, customerList, normaliseStatus, parsePaddleEvent, toProviderTransaction, transactionEntity } from './paddle-entities.js';
import { verifyPaddleSignature } from './paddle-signature.js';

export type PaddleEnvironment = 'sandbox' | 'production';

export interface PaddleProviderOptions {
  /**
   * API key (`pdl_sdbx_apikey_…` or `pdl_live_apikey_…`), needing transaction.write,
   * transaction.read, customer.read and customer.write. Without it createCheckout and
   * getTransaction throw BillingNotConfiguredError.
   */
  readonly apiKey?: string;
  /**
   * Endpoint secret key(s) of the notification destination (`pdl_ntfset_…`). Several may be
   * given while rotating. Without one, verifyWebhook throws BillingNotConfiguredError.
   */
  readonly webhookSecret?: string | readonly string[];
  /** Default `'sandbox'`. Chooses the default apiUrl and is passed to Paddle.js in clientData. */
  readonly environment?: PaddleEnvironment;
  /** Default `https://sandbox-api.paddle.com` (sandbox) or `https://api.paddle.com` (production). */
  readonly apiUrl?: string;
  /** Accepted webhook timestamp skew either way, in seconds. Default 5, as Paddle's SDK. */
  readonly toleranceSeconds?: number;
  /** Deadline of one API call, in milliseconds. Default 10000. */
  readonly timeoutMs?: number;
  /** Milliseconds since the epoch. Default `Date.now`. */
  readonly clock?: () => number;
  /**
   * Page on an approved checkout domain that loads Paddle.js; Paddle appends `?_ptxn=<id>`.
   * Default: none sent, so Paddle uses the account's default payment link.
   */
  readonly checkoutUrl?: string;
  /** Paddle.js client-side token (`test_…` / `live_…`), handed to the browser in clientData. Default none. */
  readonly clientToken?: string;
  /**
   * Attach the transaction to the Paddle customer with the account's email (found with
   * `GET /customers?email=`, else created), so checkout opens with that email and Paddle's
   * records follow our accounts. Costs one or two extra calls per checkout. When false,
   * checkout asks the buyer for an email. Default true.
   */
  readonly linkCustomerByEmail?: boolean;
  /** undici dispatcher (connection pool, proxy). Default: undici's global dispatcher. */
  readonly dispatcher?: Dispatcher;
}

export const PADDLE_API_URLS: Readonly<Record<PaddleEnvironment, string>> = {
  sandbox: 'https://sandbox-api.paddle.com',
  production: 'https://api.paddle.com',
};

const DEFAULT_TOLERANCE_SECONDS = 5;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Paddle ids are a prefix and 26 lowercase base-32 characters; anything else cannot exist there. */
const TRANSACTION_ID = /^txn_[a-z0-9]{26}$/;

export function createPaddleProvider(options: PaddleProviderOptions): PaymentProvider {
  const environment = options.environment ?? 'sandbox';
  const clock = options.clock ?? Date.now;
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const linkCustomer = options.linkCustomerByEmail ?? true;
  const secrets = [options.webhookSecret ?? []].flat().filter((secret) => secret !== '');
  const api: PaddleApi | undefined = options.apiKey
    ? createPaddleApi({
        apiUrl: options.apiUrl ?? PADDLE_API_URLS[environment],
        apiKey: options.apiKey,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      })
    : undefined;

  function requireApi(): PaddleApi {
    if (!api) throw new BillingNotConfiguredError('Billing is not configured: no Paddle API key.');
    return api;
  }

  async function createCheckout({ plan, account }: CheckoutRequest): Promise<CheckoutSession> {
    // The missing key is named first: it is the operator's first step, the price ids come after.
    const client = requireApi();
    const priceId = plan.providerPriceIds['paddle'];
    if (priceId === undefined) {
      throw new BillingNotConfiguredError(`Billing is not configured for plan "${plan.id}": it has no paddle_price_id.`);
    }
    const accountId = String(account.id);
    const customerId = linkCustomer ? await findOrCreateCustomer(client, account.email, accountId) : undefined;
    const entity = await client.post(
      '/transactions',
      {
        items: [{ price_id: priceId, quantity: 1 }],
        custom_data: { account_id: accountId, plan_id: plan.id },
        ...(customerId === undefined ? {} : { customer_id: customerId }),
        ...(options.checkoutUrl === undefined ? {} : { checkout: { url: options.checkoutUrl } }),
      },
      transactionEntity,
    );
    const checkoutUrl = entity.checkout?.url ?? undefined;
    return {
      transactionId: entity.id,
      status: normaliseStatus(entity.status),
      providerStatus: entity.status,
      ...(checkoutUrl === undefined ? {} : { checkoutUrl }),
      clientData: {
        provider: 'paddle',
        environment,
        transactionId: entity.id,
        ...(options.clientToken === undefined ? {} : { clientToken: options.clientToken }),
      },
    };
  }

  async function getTransaction(transactionId: string): Promise<ProviderTransaction | null> {
    const client = requireApi();
    if (!TRANSACTION_ID.test(transactionId)) return null;
    try {
      return toProviderTransaction(await client.get(`/transactions/${transactionId}`, transactionEntity));
    } catch (error) {
      if (error instanceof ProviderRejectedError && error.httpStatus === 404) return null;
      throw error;
    }
  }

  function verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent {
    if (secrets.length === 0) {
      throw new BillingNotConfiguredError('Billing webhooks are not configured: no Paddle webhook secret.');
    }
    verifyPaddleSignature(rawBody, headers['paddle-signature'], {
      secrets,
      toleranceSeconds,
      nowMs: clock(),
    });
    return parsePaddleEvent(rawBody);
  }

  return {
    name: 'paddle',
    createCheckout,
    getTransaction,
    verifyWebhook,
    parseEvent: parsePaddleEvent,
  };
}

/**
 * Paddle keeps one customer per email. Look it up first; create it if absent; if a concurrent
 * checkout created it meanwhile (409 customer_already_exists), look it up again. An archived
 * customer is invisible to the lookup and cannot be reused: the transaction then goes without
 * one and checkout collects the email.
 */
async function findOrCreateCustomer(api: PaddleApi, email: string, accountId: string): Promise<string | undefined> {
  const find = async (): Promise<string | undefined> => {
    const customers = await api.get(`/customers?email=${encodeURIComponent(email)}`, customerList);
    return customers.find((customer) => customer.email.toLowerCase() === email.toLowerCase())?.id;
  };
  const existing = await find();
  if (existing !== undefined) return existing;
  try {
    const created = await api.post('/customers', { email, custom_data: { account_id: accountId } }, customerEntity);
    return created.id;
  } catch (error) {
    if (error instanceof ProviderRejectedError && error.providerCode === 'customer_already_exists') return find();
    throw error;
  }
}
