/**
 * A local stand-in for the Paddle Billing API (v1) and its webhooks, written from Paddle's
 * documentation: bearer-key auth with Paddle's 403 codes, `{data, meta: {request_id}}`
 * envelopes, `{error: {type, code, detail, documentation_url}, meta}` errors, `txn_`/`ctm_`
 * ids of 26 lowercase base-32 characters, `checkout.url` payment links with `?_ptxn=`, and
 * notifications signed `Paddle-Signature: ts=…;h1=…` over `ts + ":" + body`.
 *
 * Endpoints: POST /transactions, GET /transactions/{id}, GET /customers?email=, POST /customers.
 * It listens on 127.0.0.1 only.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PaddleTransactionStatus = 'draft' | 'ready' | 'billed' | 'paid' | 'completed' | 'canceled' | 'past_due';

export interface FakePaddleOptions {
  readonly apiKey: string;
  /** Endpoint secret(s); signWebhook signs with each, as Paddle does during a rotation. */
  readonly webhookSecret: string | readonly string[];
  /**
   * The catalog: price id → unit price in minor units, e.g. `{ pri_…: { amount: '900', currency: 'USD' } }`;
   * other price ids answer 404 not_found. Default: no catalog, every well-formed price id costs 900 USD.
   */
  readonly prices?: Readonly<Record<string, { readonly amount: string; readonly currency: string }>>;
  /** The account's default payment link; null answers like an account that never set one. Default `https://quarry.test/pay`. */
  readonly defaultCheckoutUrl?: string | null;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

export type FakeFailure = number | 'close' | 'hang';

export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface FakePaddle {
  readonly url: string;
  /** Transaction entities as Paddle would return them (snake_case JSON). */
  readonly transactions: ReadonlyMap<string, PaddleTransactionJson>;
  readonly customers: ReadonlyMap<string, PaddleCustomerJson>;
  readonly requests: readonly RecordedRequest[];
  /** Moves a transaction as Paddle would (billed_at, payments, invoice number follow). */
  setStatus(id: string, status: PaddleTransactionStatus): void;
  /** A notification body for `eventType` carrying transaction `txnId`, and the headers Paddle would send. */
  signWebhook(eventType: string, txnId: string, options?: { readonly ts?: number; readonly secrets?: readonly string[] }): SignedWebhook;
  /** Signs any body the way Paddle signs notifications (for bodies signWebhook cannot produce). */
  sign(body: string, options?: { readonly ts?: number; readonly secrets?: readonly string[] }): SignedWebhook;
  /** The next request gets this HTTP status with Paddle's error envelope, or its connection closed, or no answer at all. */
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

export interface PaddleTransactionJson {
  id: string;
  status: PaddleTransactionStatus;
  customer_id: string | null;
  address_id: string | null;
  business_id: string | null;
  custom_data: Record<string, unknown> | null;
  origin: 'api';
  collection_mode: 'automatic';
  subscription_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  billing_details: null;
  billing_period: null;
  currency_code: string;
  discount_id: string | null;
  created_at: string;
  updated_at: string;
  billed_at: string | null;
  revised_at: string | null;
  items: Array<{ price: { id: string; unit_price: { amount: string; currency_code: string } }; quantity: number; proration: null }>;
  details: {
    totals: {
      subtotal: string;
      discount: string;
      tax: string;
      total: string;
      credit: string;
      credit_to_balance: string;
      balance: string;
      grand_total: string;
      fee: string | null;
      earnings: string | null;
      currency_code: string;
    };
  };
  payments: Array<{ amount: string; status: string; created_at: string; captured_at: string | null }>;
  checkout: { url: string | null } | null;
}

export interface PaddleCustomerJson {
  id: string;
  name: string | null;
  email: string;
  marketing_consent: boolean;
  status: 'active' | 'archived';
  custom_data: Record<string, unknown> | null;
  locale: string;
  created_at: string;
  updated_at: string;
  import_meta: null;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
const PRICE_ID = /^pri_[a-z0-9]{26}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A Paddle-style id: prefix, then a lowercase ULID (10 time characters, 16 random). */
export function paddleId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const tail = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('');
  return `${prefix}_${head}${tail}`;
}

export async function startFakePaddle(options: FakePaddleOptions): Promise<FakePaddle> {
  const transactions = new Map<string, PaddleTransactionJson>();
  const customers = new Map<string, PaddleCustomerJson>();
  const requests: RecordedRequest[] = [];
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const priceOf = (id: string) => (options.prices ? options.prices[id] : { amount: '900', currency: 'USD' });
  const defaultCheckoutUrl = options.defaultCheckoutUrl === undefined ? 'https://quarry.test/pay' : options.defaultCheckoutUrl;
  const defaultSecrets = [options.webhookSecret].flat();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'api_error', 'internal_error', String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-paddle');
    const raw = await readBody(req);
    let body: unknown = null;
    let bodyIsJson = true;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        bodyIsJson = false;
      }
    }
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });

    const failure = failures.shift();
    if (failure === 'close') {
      req.socket.destroy();
      return;
    }
    if (failure === 'hang') {
      hanging.add(res);
      return;
    }
    if (typeof failure === 'number') {
      if (failure >= 500) sendError(res, failure, 'api_error', 'internal_error', 'An internal error has occurred, please try again later.');
      else if (failure === 429) sendError(res, 429, 'request_error', 'too_many_requests', 'IP address exceeded the allowed rate limit.');
      else sendError(res, failure, 'request_error', 'bad_request', 'Invalid request.');
      return;
    }

    const auth = req.headers.authorization;
    if (auth === undefined || auth === '') {
      sendError(res, 403, 'request_error', 'authentication_missing', 'Authentication header missing.');
      return;
    }
    const bearer = /^bearer (\S+)$/i.exec(auth);
    if (!bearer) {
      sendError(res, 403, 'request_error', 'authentication_malformed', 'Authentication header included, but incorrectly formatted.');
      return;
    }
    if (bearer[1] !== options.apiKey) {
      sendError(res, 403, 'request_error', 'invalid_token', 'Invalid or revoked API key.');
      return;
    }
    if (!bodyIsJson) {
      sendError(res, 400, 'request_error', 'bad_request', 'Invalid request body: not JSON.');
      return;
    }

    const transactionPath = /^\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/transactions') createTransaction(res, body);
    else if (req.method === 'GET' && transactionPath) getTransaction(res, decodeURIComponent(transactionPath[1] ?? ''));
    else if (req.method === 'GET' && url.pathname === '/customers') listCustomers(res, url);
    else if (req.method === 'POST' && url.pathname === '/customers') createCustomer(res, body);
    else sendError(res, 404, 'request_error', 'not_found', `Path ${url.pathname} not found.`);
  }

  function createTransaction(res: ServerResponse, body: unknown): void {
    if (!isRecord(body)) return invalidField(res, [{ field: '(root)', message: 'must be an object' }]);
    const items = body['items'];
    if (!Array.isArray(items) || items.length === 0) {
      return invalidField(res, [{ field: 'items', message: 'must be provided as part of the request' }]);
    }
    const lines: PaddleTransactionJson['items'] = [];
    for (const [index, item] of items.entries()) {
      const priceId = isRecord(item) ? item['price_id'] : undefined;
      const quantity = isRecord(item) ? item['quantity'] : undefined;
      if (typeof priceId !== 'string' || !PRICE_ID.test(priceId)) {
        return invalidField(res, [{ field: `items[${index}].price_id`, message: 'invalid Paddle ID, expected prefix pri_' }]);
      }
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
        return invalidField(res, [{ field: `items[${index}].quantity`, message: 'must be an integer of at least 1' }]);
      }
      const price = priceOf(priceId);
      if (!price) return sendError(res, 404, 'request_error', 'not_found', `Entity ${priceId} not found`);
      lines.push({ price: { id: priceId, unit_price: { amount: price.amount, currency_code: price.currency } }, quantity, proration: null });
    }
    const customData = body['custom_data'] ?? null;
    if (customData !== null && !isRecord(customData)) {
      return invalidField(res, [{ field: 'custom_data', message: 'must be a valid JSON object' }]);
    }
    const customerId = body['customer_id'] ?? null;
    if (customerId !== null && (typeof customerId !== 'string' || !customers.has(customerId))) {
      return sendError(res, 404, 'request_error', 'not_found', `Entity ${String(customerId)} not found`);
    }
    const checkout = body['checkout'];
    const requestedUrl = isRecord(checkout) && typeof checkout['url'] === 'string' ? checkout['url'] : null;
    const baseUrl = requestedUrl ?? defaultCheckoutUrl;
    if (baseUrl === null) {
      return sendError(
        res,
        400,
        'request_error',
        'transaction_default_checkout_url_not_set',
        'A Default Payment Link has not yet been defined within the Paddle Dashboard.',
        'transactions',
      );
    }

    const first = lines[0];
    const currency = first?.price.unit_price.currency_code ?? 'USD';
    const total = String(lines.reduce((sum, line) => sum + Number(line.price.unit_price.amount) * line.quantity, 0));
    const now = new Date().toISOString();
    const id = paddleId('txn');
    const transaction: PaddleTransactionJson = {
      id,
      // An automatically-collected transaction is ready only with a customer and an address.
      status: 'draft',
      customer_id: customerId,
      address_id: null,
      business_id: null,
      custom_data: customData,
      origin: 'api',
      collection_mode: 'automatic',
      subscription_id: null,
      invoice_id: null,
      invoice_number: null,
      billing_details: null,
      billing_period: null,
      currency_code: currency,
      discount_id: null,
      created_at: now,
      updated_at: now,
      billed_at: null,
      revised_at: null,
      items: lines,
      details: {
        totals: {
          subtotal: total,
          discount: '0',
          tax: '0',
          total,
          credit: '0',
          credit_to_balance: '0',
          balance: total,
          grand_total: total,
          fee: null,
          earnings: null,
          currency_code: currency,
        },
      },
      payments: [],
      checkout: { url: `${baseUrl}?_ptxn=${id}` },
    };
    transactions.set(id, transaction);
    sendData(res, 201, transaction);
  }

  function getTransaction(res: ServerResponse, id: string): void {
    const transaction = transactions.get(id);
    if (!transaction) return sendError(res, 404, 'request_error', 'not_found', `Entity ${id} not found`);
    sendData(res, 200, transaction);
  }

  function listCustomers(res: ServerResponse, url: URL): void {
    const emails = url.searchParams
      .get('email')
      ?.split(',')
      .map((email) => email.toLowerCase());
    const statuses = (url.searchParams.get('status') ?? 'active').split(',');
    const found = [...customers.values()]
      .filter((customer) => statuses.includes(customer.status))
      .filter((customer) => emails === undefined || emails.includes(customer.email))
      .reverse(); // Paddle's default order is id[DESC]: newest first.
    send(res, 200, {
      data: found,
      meta: {
        request_id: randomUUID(),
        pagination: { per_page: 50, next: `${serverUrl()}/customers?after=${found.at(-1)?.id ?? ''}`, has_more: false, estimated_total: found.length },
      },
    });
  }

  function createCustomer(res: ServerResponse, body: unknown): void {
    const email = isRecord(body) ? body['email'] : undefined;
    if (typeof email !== 'string' || !EMAIL.test(email)) {
      return invalidField(res, [{ field: 'email', message: 'must be a valid email address' }]);
    }
    const normalised = email.toLowerCase();
    const existing = [...customers.values()].find((customer) => customer.email === normalised);
    if (existing) {
      return sendError(res, 409, 'request_error', 'customer_already_exists', `customer email conflicts with customer of id ${existing.id}`, 'customers');
    }
    const customData = isRecord(body) && isRecord(body['custom_data']) ? body['custom_data'] : null;
    const now = new Date().toISOString();
    const customer: PaddleCustomerJson = {
      id: paddleId('ctm'),
      name: isRecord(body) && typeof body['name'] === 'string' ? body['name'] : null,
      email: normalised,
      marketing_consent: false,
      status: 'active',
      custom_data: customData,
      locale: 'en',
      created_at: now,
      updated_at: now,
      import_meta: null,
    };
    customers.set(customer.id, customer);
    sendData(res, 201, customer);
  }

  function invalidField(res: ServerResponse, errors: ReadonlyArray<{ field: string; message: string }>): void {
    sendError(res, 400, 'request_error', 'invalid_field', 'Request does not pass validation.', 'shared', errors);
  }

  function setStatus(id: string, status: PaddleTransactionStatus): void {
    const transaction = transactions.get(id);
    if (!transaction) throw new Error(`fake Paddle: no transaction ${id}`);
    const now = new Date().toISOString();
    transaction.status = status;
    transaction.updated_at = now;
    if (['billed', 'paid', 'completed'].includes(status)) transaction.billed_at ??= now;
    if (status === 'paid' || status === 'completed') {
      if (transaction.payments.length === 0) {
        transaction.payments.push({ amount: transaction.details.totals.grand_total, status: 'captured', created_at: now, captured_at: now });
      }
      transaction.details.totals.balance = '0';
    }
    if (status === 'completed') {
      transaction.invoice_id ??= paddleId('inv');
      transaction.invoice_number ??= `${new Date().getUTCFullYear()}-${String(transactions.size).padStart(5, '0')}`;
    }
  }

  function signWebhook(eventType: string, txnId: string, signOptions: { readonly ts?: number; readonly secrets?: readonly string[] } = {}): SignedWebhook {
    const transaction = transactions.get(txnId);
    if (!transaction) throw new Error(`fake Paddle: no transaction ${txnId}`);
    const body = JSON.stringify({
      event_id: paddleId('evt'),
      event_type: eventType,
      occurred_at: new Date().toISOString(),
      notification_id: paddleId('ntf'),
      data: transaction,
    });
    return sign(body, signOptions);
  }

  function sign(body: string, signOptions: { readonly ts?: number; readonly secrets?: readonly string[] } = {}): SignedWebhook {
    const ts = signOptions.ts ?? Math.floor(Date.now() / 1000);
    const signatures = (signOptions.secrets ?? defaultSecrets).map((secret) => `h1=${createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex')}`);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paddle-signature': [`ts=${ts}`, ...signatures].join(';'),
      },
    };
  }

  function serverUrl(): string {
    const address = server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: serverUrl(),
    transactions,
    customers,
    requests,
    setStatus,
    signWebhook,
    sign,
    failNext: (failure) => {
      failures.push(failure);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendData(res: ServerResponse, status: number, data: unknown): void {
  send(res, status, { data, meta: { request_id: randomUUID() } });
}

function sendError(
  res: ServerResponse,
  status: number,
  type: 'request_error' | 'api_error',
  code: string,
  detail: string,
  category = 'shared',
  errors?: ReadonlyArray<{ field: string; message: string }>,
): void {
  send(res, status, {
    error: {
      type,
      code,
      detail,
      documentation_url: `https://developer.paddle.com/errors/${category}/${code}`,
      ...(errors ? { errors } : {}),
    },
    meta: { request_id: randomUUID() },
  });
}

/** Credentials the billing suites give both the fake and the app (test values, not real keys). */
export const TEST_PADDLE_API_KEY = 'pdl_sdbx_apikey_01hzs3x9v6w8k2q4m7n5p3r1tf_TeStOnLyKeY';
export const TEST_PADDLE_WEBHOOK_SECRET = 'pdl_ntfset_01hzs3xqg4b0m6n8p2r4t6v8wy_TeStOnLySeCrEt';
export const TEST_PADDLE_CLIENT_TOKEN = 'test_0a1b2c3d4e5f6a7b8c9d0e1f2a3';

/** A plan set sold through Paddle: starter (1,000 credits, $9) and pro (6,000, $49), plus one not on sale at Paddle. */
export const TEST_PLANS = [
  { id: 'starter', name: 'Starter', credits: 1000, price: '9.00', currency: 'USD', paddle_price_id: 'pri_01hzs3y2c4e6g8j0k2m4n6p8qr' },
  { id: 'pro', name: 'Pro', credits: 6000, price: '49.00', currency: 'USD', paddle_price_id: 'pri_01hzs3y2c4e6g8j0k2m4n6p8qs' },
  { id: 'legacy', name: 'Legacy', credits: 50, price: '1.00', currency: 'USD', paddle_price_id: null },
] as const;

/** The fake's catalog for TEST_PLANS. */
export const TEST_PADDLE_PRICES = {
  pri_01hzs3y2c4e6g8j0k2m4n6p8qr: { amount: '900', currency: 'USD' },
  pri_01hzs3y2c4e6g8j0k2m4n6p8qs: { amount: '4900', currency: 'USD' },
} as const;

export interface TestPlansFile {
  readonly file: string;
  remove(): Promise<void>;
}

/** Writes TEST_PLANS (or `plans`) to a fresh temporary file for `PLANS_FILE`. */
export async function writeTestPlansFile(plans: unknown = TEST_PLANS): Promise<TestPlansFile> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-plans-'));
  const file = join(dir, 'plans.json');
  await writeFile(file, JSON.stringify(plans, null, 2));
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The app settings that point billing at a fake Paddle, with the test credentials. */
export function fakePaddleEnv(paddle: Pick<FakePaddle, 'url'>, plansFile: string): Record<string, string> {
  return {
    PLANS_FILE: plansFile,
    PADDLE_API_URL: paddle.url,
    PADDLE_API_KEY: TEST_PADDLE_API_KEY,
    PADDLE_WEBHOOK_SECRET: TEST_PADDLE_WEBHOOK_SECRET,
    PADDLE_CLIENT_TOKEN: TEST_PADDLE_CLIENT_TOKEN,
    PADDLE_TIMEOUT_MS: '2000',
  };
}
