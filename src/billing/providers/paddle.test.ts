import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePaddle, type FakePaddle, type PaddleTransactionStatus } from '../../../tests/support/fake-paddle.js';
import { BillingNotConfiguredError, ProviderRejectedError, ProviderUnavailableError } from '../errors.js';
import { parsePlans, type Plan } from '../plans.js';
import { createPaddleProvider, type PaddleProviderOptions } from './paddle.js';

const API_KEY = 'pdl_sdbx_apikey_01hzs3x9v6w8k2q4m7n5p3r1tf_SeCrEtKeYvAlUe';
const WEBHOOK_SECRET = 'pdl_ntfset_01hzs3xqg4b0m6n8p2r4t6v8wy_WeBhOoKsEcReT';
const PRICE_ID = 'pri_01hzs3y2c4e6g8j0k2m4n6p8qr';
const ACCOUNT = { id: 42, email: 'ada@example.com' };

const catalog = parsePlans(
  [
    { id: 'starter', name: 'Starter', credits: 10000, price: '9.00', currency: 'USD', paddle_price_id: PRICE_ID },
    { id: 'unpriced', name: 'Unpriced', credits: 5, price: '1.00', currency: 'USD', paddle_price_id: null },
  ],
  'test plans',
);
const starter = catalog.get('starter') as Plan;
const unpriced = catalog.get('unpriced') as Plan;

let paddle: FakePaddle;

beforeEach(async () => {
  paddle = await startFakePaddle({
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: { [PRICE_ID]: { amount: '900', currency: 'USD' } },
  });
});

afterEach(async () => {
  await paddle.close();
});

function provider(overrides: Partial<PaddleProviderOptions> = {}) {
  return createPaddleProvider({ apiUrl: paddle.url, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: 2000, ...overrides });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('creating a checkout', () => {
  it("creates a Paddle transaction for one unit of the plan's price, tagged with the account and plan", async () => {
    const session = await provider().createCheckout({ plan: starter, account: ACCOUNT });

    expect(session.transactionId).toMatch(/^txn_[a-z0-9]{26}$/);
    expect(session).toMatchObject({ status: 'pending', providerStatus: 'draft' });
    expect(session.checkoutUrl).toBe(`https://quarry.test/pay?_ptxn=${session.transactionId}`);

    const create = paddle.requests.find((request) => request.method === 'POST' && request.path === '/transactions');
    expect(create?.body).toMatchObject({
      items: [{ price_id: PRICE_ID, quantity: 1 }],
      custom_data: { account_id: '42', plan_id: 'starter' },
    });
    expect(paddle.transactions.get(session.transactionId)?.custom_data).toEqual({ account_id: '42', plan_id: 'starter' });
  });

  it('sends the bearer key, the pinned API version and a JSON content type', async () => {
    await provider().createCheckout({ plan: starter, account: ACCOUNT });
    for (const request of paddle.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request.headers['paddle-version']).toBe('1');
      expect(request.headers['content-type']).toBe('application/json');
    }
  });

  it('attaches a new Paddle customer created from the account email, and reuses it next time', async () => {
    const first = await provider().createCheckout({ plan: starter, account: ACCOUNT });
    const second = await provider().createCheckout({ plan: starter, account: ACCOUNT });

    expect(paddle.customers.size).toBe(1);
    const [customer] = [...paddle.customers.values()];
    expect(customer).toMatchObject({ email: 'ada@example.com', custom_data: { account_id: '42' } });
    expect(paddle.transactions.get(first.transactionId)?.customer_id).toBe(customer?.id);
    expect(paddle.transactions.get(second.transactionId)?.customer_id).toBe(customer?.id);
    expect(paddle.requests.filter((request) => request.method === 'POST' && request.path === '/customers')).toHaveLength(1);
    expect(paddle.requests.find((request) => request.path === '/customers')?.query).toEqual({ email: 'ada@example.com' });
  });

  it('settles on one customer when two checkouts race to create it', async () => {
    const [a, b] = await Promise.all([
      provider().createCheckout({ plan: starter, account: ACCOUNT }),
      provider().createCheckout({ plan: starter, account: ACCOUNT }),
    ]);
    expect(paddle.customers.size).toBe(1);
    const customerId = [...paddle.customers.keys()][0];
    expect(paddle.transactions.get(a.transactionId)?.customer_id).toBe(customerId);
    expect(paddle.transactions.get(b.transactionId)?.customer_id).toBe(customerId);
  });

  it('leaves the customer to Paddle checkout when customer linking is off', async () => {
    const session = await provider({ linkCustomerByEmail: false }).createCheckout({ plan: starter, account: ACCOUNT });
    expect(paddle.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /transactions']);
    expect(paddle.transactions.get(session.transactionId)?.customer_id).toBeNull();
  });

  it('points the payment link at the configured checkout page', async () => {
    const session = await provider({ checkoutUrl: 'https://app.quarry.test/checkout' }).createCheckout({ plan: starter, account: ACCOUNT });
    expect(session.checkoutUrl).toBe(`https://app.quarry.test/checkout?_ptxn=${session.transactionId}`);
  });

  it('gives the browser what Paddle.js needs and nothing secret', async () => {
    const session = await provider({ clientToken: 'test_7d279f61a3499fed520f7cd8c08' }).createCheckout({ plan: starter, account: ACCOUNT });
    expect(session.clientData).toEqual({
      provider: 'paddle',
      environment: 'sandbox',
      transactionId: session.transactionId,
      clientToken: 'test_7d279f61a3499fed520f7cd8c08',
    });
    expect(JSON.stringify(session)).not.toContain(API_KEY);
  });

  it('refuses a plan that has no Paddle price, without calling Paddle', async () => {
    const error = await caught(provider().createCheckout({ plan: unpriced, account: ACCOUNT }));
    expect(error).toBeInstanceOf(BillingNotConfiguredError);
    expect((error as Error).message).toContain('unpriced');
    expect(paddle.requests).toHaveLength(0);
  });

  it('reports a price Paddle does not know as a rejection', async () => {
    const unknownPrice = parsePlans(
      [{ id: 'ghost', name: 'Ghost', credits: 1, price: '1.00', currency: 'USD', paddle_price_id: 'pri_01hzs3y2c4e6g8j0k2m4n6p8zz' }],
      'test plans',
    ).get('ghost') as Plan;
    const error = await caught(provider().createCheckout({ plan: unknownPrice, account: ACCOUNT }));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error).toMatchObject({ httpStatus: 404, providerCode: 'not_found' });
  });
});

describe('reading a transaction', () => {
  const expected: ReadonlyArray<[PaddleTransactionStatus, string]> = [
    ['draft', 'pending'],
    ['ready', 'pending'],
    ['billed', 'pending'],
    ['paid', 'paid'],
    ['completed', 'paid'],
    ['canceled', 'canceled'],
    ['past_due', 'failed'],
  ];

  it.each(expected)('reports Paddle status %s as %s, with the account, plan and amount', async (paddleStatus, status) => {
    const billing = provider();
    const { transactionId } = await billing.createCheckout({ plan: starter, account: ACCOUNT });
    paddle.setStatus(transactionId, paddleStatus);

    expect(await billing.getTransaction(transactionId)).toEqual({
      id: transactionId,
      status,
      providerStatus: paddleStatus,
      accountId: '42',
      planId: 'starter',
      amount: 900,
      currency: 'USD',
    });
  });

  it('asks Paddle every time rather than remembering', async () => {
    const billing = provider();
    const { transactionId } = await billing.createCheckout({ plan: starter, account: ACCOUNT });
    expect((await billing.getTransaction(transactionId))?.status).toBe('pending');
    paddle.setStatus(transactionId, 'completed');
    expect((await billing.getTransaction(transactionId))?.status).toBe('paid');
  });

  it('returns null for a transaction Paddle does not know', async () => {
    expect(await provider().getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz')).toBeNull();
    expect(paddle.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /transactions/txn_01hzs3zzzzzzzzzzzzzzzzzzzz']);
  });

  it('returns null without a call for ids that cannot be Paddle transaction ids', async () => {
    for (const id of ['', 'txn_', '../customers', 'txn_01HZS3ZZZZZZZZZZZZZZZZZZZZ', 'ctm_01hzs3zzzzzzzzzzzzzzzzzzzz']) {
      expect(await provider().getTransaction(id)).toBeNull();
    }
    expect(paddle.requests).toHaveLength(0);
  });

  it('has no account or plan for a transaction created outside Quarry', async () => {
    const response = await fetch(`${paddle.url}/transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ price_id: PRICE_ID, quantity: 2 }] }),
    });
    const { data } = (await response.json()) as { data: { id: string } };
    const transaction = await provider().getTransaction(data.id);
    expect(transaction).toEqual({ id: data.id, status: 'pending', providerStatus: 'draft', amount: 1800, currency: 'USD' });
  });
});

describe('when Paddle fails', () => {
  it.each([500, 502, 503, 429])("turns HTTP %i into ProviderUnavailableError carrying Paddle's request id", async (status) => {
    paddle.failNext(status);
    const error = await caught(provider().getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ httpStatus: status, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('turns a connection closed mid-request into ProviderUnavailableError', async () => {
    paddle.failNext('close');
    const error = await caught(provider().createCheckout({ plan: starter, account: ACCOUNT }));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('could not be reached');
  });

  it('gives up after the timeout when Paddle does not answer', async () => {
    paddle.failNext('hang');
    const started = Date.now();
    const error = await caught(provider({ timeoutMs: 150 }).getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('within 150 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns a refused connection into ProviderUnavailableError', async () => {
    const port = await closedPort();
    const error = await caught(provider({ apiUrl: `http://127.0.0.1:${port}` }).getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });

  it("reports a wrong API key as a rejection with Paddle's code", async () => {
    const error = await caught(provider({ apiKey: 'pdl_sdbx_apikey_wrong' }).createCheckout({ plan: starter, account: ACCOUNT }));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error).toMatchObject({ httpStatus: 403, providerCode: 'invalid_token', detail: 'Invalid or revoked API key.' });
    expect((error as Error).message).toBe('The payment provider rejected the request (invalid_token).');
  });

  it('never puts the API key in an error, whatever went wrong', async () => {
    const billing = provider();
    const errors: unknown[] = [];
    for (const failure of [500, 429, 'close'] as const) {
      paddle.failNext(failure);
      errors.push(await caught(billing.createCheckout({ plan: starter, account: ACCOUNT })));
    }
    paddle.failNext('hang');
    errors.push(await caught(provider({ timeoutMs: 100 }).getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz')));
    errors.push(await caught(provider({ apiKey: `${API_KEY}x` }).getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz')));

    expect(errors).toHaveLength(5);
    for (const error of errors) {
      const shown = `${inspect(error, { depth: 10, showHidden: true })} ${JSON.stringify(error)} ${String(error)}`;
      expect(shown).not.toContain('SeCrEtKeYvAlUe');
    }
  });
});

describe('without configuration', () => {
  it('throws BillingNotConfiguredError for API calls when no API key is set', async () => {
    const billing = createPaddleProvider({ apiUrl: paddle.url });
    expect(await caught(billing.createCheckout({ plan: starter, account: ACCOUNT }))).toBeInstanceOf(BillingNotConfiguredError);
    expect(await caught(billing.getTransaction('txn_01hzs3zzzzzzzzzzzzzzzzzzzz'))).toBeInstanceOf(BillingNotConfiguredError);
    expect(paddle.requests).toHaveLength(0);
  });
});

/** A loopback port with nothing listening: bind, note the port, close. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
