import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { SETTINGS } from '../config/index.js';
import { SPA_ROUTES } from '../web/plugin.js';
import {
  fakePaddleEnv,
  startFakePaddle,
  TEST_PADDLE_API_KEY,
  TEST_PADDLE_CLIENT_TOKEN,
  TEST_PADDLE_PRICES,
  TEST_PADDLE_WEBHOOK_SECRET,
  TEST_PLANS,
  writeTestPlansFile,
  type FakePaddle,
  type TestPlansFile,
} from '../../tests/support/fake-paddle.js';

let paddle: FakePaddle;
let plansFile: TestPlansFile;
let t: TestApp;

beforeAll(async () => {
  paddle = await startFakePaddle({ apiKey: TEST_PADDLE_API_KEY, webhookSecret: TEST_PADDLE_WEBHOOK_SECRET, prices: TEST_PADDLE_PRICES });
  plansFile = await writeTestPlansFile();
  t = await startTestApp(fakePaddleEnv(paddle, plansFile.file));
});
afterAll(async () => {
  await t.close();
  await paddle.close();
  await plansFile.remove();
});

type Customer = Awaited<ReturnType<TestApp['customer']>>;

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

function post(url: string, access: string | undefined, payload: unknown) {
  return t.quarry.app.inject({ method: 'POST', url, headers: access ? bearer(access) : {}, payload: payload as Record<string, unknown> });
}

const checkout = (who: Customer, plan: string) => post('/api/v1/billing/checkout/create-transaction/', who.access, { plan });
const confirm = (who: Customer, transactionId: string) => post('/api/v1/billing/checkout/confirm/', who.access, { transaction_id: transactionId });
const statusOf = async (who: Customer) =>
  (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/status/', headers: bearer(who.access) })).json() as Array<Record<string, unknown>>;
const balanceOf = (who: Customer) => t.quarry.services.ledger.balance(who.id);

async function purchaseEntries(who: Customer) {
  return t.quarry.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.id).where('kind', '=', 'purchase').execute();
}

async function startCheckout(who: Customer, plan = 'starter'): Promise<string> {
  const res = await checkout(who, plan);
  expect(res.statusCode).toBe(200);
  return (res.json() as { transaction_id: string }).transaction_id;
}

describe('the plans on sale', () => {
  it('are listed without authentication, without provider price ids', async () => {
    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/plans/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(TEST_PLANS.map(({ id, name, credits, price, currency }) => ({ id, name, credits, price, currency })));
    expect(res.body).not.toContain('pri_');
  });

  it("are listed on the dashboard page the 402 answer's default upgrade_url points to", async () => {
    const upgradeUrl = SETTINGS.upgradeUrl.parse(undefined);
    expect(upgradeUrl).toBe('/plans');
    expect(SPA_ROUTES).toContain(upgradeUrl);
    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/plans/' });
    expect((res.json() as Array<{ id: string }>).map((plan) => plan.id)).toEqual(['starter', 'pro', 'legacy']);
  });
});

describe('a purchase from checkout to credits', () => {
  it("creates a Paddle transaction for the plan's price, for the account's email, tagged with account and plan", async () => {
    const buyer = await t.customer();
    const res = await checkout(buyer, 'pro');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toEqual({
      transaction_id: expect.stringMatching(/^txn_[a-z0-9]{26}$/),
      provider: 'paddle',
      plan: 'pro',
      status: 'pending',
      checkout_url: `https://quarry.test/pay?_ptxn=${String(body.transaction_id)}`,
      environment: 'sandbox',
      client_token: TEST_PADDLE_CLIENT_TOKEN,
    });

    const sent = paddle.transactions.get(String(body.transaction_id));
    expect(sent?.items.map((item) => item.price.id)).toEqual(['pri_01hzs3y2c4e6g8j0k2m4n6p8qs']);
    expect(sent?.custom_data).toEqual({ account_id: String(buyer.id), plan_id: 'pro' });
    expect(paddle.customers.get(sent?.customer_id ?? '')?.email).toBe(buyer.email.toLowerCase());

    expect(await statusOf(buyer)).toEqual([
      {
        transaction_id: body.transaction_id,
        provider: 'paddle',
        plan: 'pro',
        status: 'pending',
        credits: 6000,
        amount: '49.00',
        currency: 'USD',
        created: expect.any(String),
        granted_at: null,
      },
    ]);
  });

  it("grants nothing while the transaction is unpaid, then the plan's credits once it is paid, and only once", async () => {
    const buyer = await t.customer(5);
    const txn = await startCheckout(buyer);

    const early = await confirm(buyer, txn);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ transaction_id: txn, status: 'pending', granted_at: null });
    paddle.setStatus(txn, 'billed');
    expect((await confirm(buyer, txn)).json()).toMatchObject({ status: 'pending', granted_at: null });
    expect(await balanceOf(buyer)).toBe(5);

    paddle.setStatus(txn, 'paid');
    const paid = await confirm(buyer, txn);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      transaction_id: txn,
      plan: 'starter',
      status: 'paid',
      credits: 1000,
      amount: '9.00',
      currency: 'USD',
      granted_at: expect.any(String),
    });
    expect(await balanceOf(buyer)).toBe(1005);

    paddle.setStatus(txn, 'completed');
    const again = await confirm(buyer, txn);
    expect(again.json()).toMatchObject({ status: 'paid', granted_at: (paid.json() as { granted_at: string }).granted_at });
    expect(await balanceOf(buyer)).toBe(1005);

    const entries = await purchaseEntries(buyer);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 1000, idempotency_key: `paddle:${txn}` });
  });

  it('records the amount Paddle charged, tax included', async () => {
    const buyer = await t.customer();
    const txn = await startCheckout(buyer);
    const entity = paddle.transactions.get(txn);
    if (!entity) throw new Error('transaction missing at the fake');
    entity.details.totals.grand_total = '1080';
    paddle.setStatus(txn, 'completed');
    expect((await confirm(buyer, txn)).json()).toMatchObject({ amount: '10.80', credits: 1000, status: 'paid' });
  });

  it('never grants a canceled transaction', async () => {
    const buyer = await t.customer();
    const txn = await startCheckout(buyer);
    paddle.setStatus(txn, 'canceled');
    expect((await confirm(buyer, txn)).json()).toMatchObject({ status: 'canceled', granted_at: null });
    expect(await balanceOf(buyer)).toBe(0);
  });

  it("lists every transaction of the account, newest first, and none of another's", async () => {
    const buyer = await t.customer();
    const other = await t.customer();
    const first = await startCheckout(buyer, 'starter');
    const second = await startCheckout(buyer, 'pro');
    await startCheckout(other);
    paddle.setStatus(first, 'paid');
    await confirm(buyer, first);

    const listed = await statusOf(buyer);
    expect(listed.map((row) => [row.transaction_id, row.plan, row.status])).toEqual([
      [second, 'pro', 'pending'],
      [first, 'starter', 'paid'],
    ]);
  });
});

describe('refusals', () => {
  it('names an unknown plan as DRF does, and a plan not on sale at Paddle as unconfigured', async () => {
    const buyer = await t.customer();
    const unknown = await checkout(buyer, 'enterprise');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ plan: ['"enterprise" is not a valid choice.'] });
    expect((await post('/api/v1/billing/checkout/create-transaction/', buyer.access, {})).json()).toEqual({ plan: ['This field is required.'] });

    const unpriced = await checkout(buyer, 'legacy');
    expect(unpriced.statusCode).toBe(503);
    expect(unpriced.json()).toEqual({ error: expect.stringContaining('"legacy"') });
    expect(await statusOf(buyer)).toEqual([]);
  });

  it('wants a token on checkout, confirm and status', async () => {
    expect((await post('/api/v1/billing/checkout/create-transaction/', undefined, { plan: 'starter' })).statusCode).toBe(401);
    expect((await post('/api/v1/billing/checkout/confirm/', undefined, { transaction_id: 'txn_x' })).statusCode).toBe(401);
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/status/' })).statusCode).toBe(401);
  });

  it("answers 404 for another account's transaction, even once it is paid, and grants nothing", async () => {
    const owner = await t.customer();
    const intruder = await t.customer();
    const txn = await startCheckout(owner);
    paddle.setStatus(txn, 'paid');

    const res = await confirm(intruder, txn);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await balanceOf(intruder)).toBe(0);
    expect(await balanceOf(owner)).toBe(0);
    expect(await statusOf(intruder)).toEqual([]);
  });

  it("answers 404 for a transaction Paddle does not know and for an id that cannot be Paddle's", async () => {
    const buyer = await t.customer();
    expect((await confirm(buyer, 'txn_01hzs3zzzzzzzzzzzzzzzzzzzz')).statusCode).toBe(404);
    expect((await confirm(buyer, '../customers')).statusCode).toBe(404);
    expect((await post('/api/v1/billing/checkout/confirm/', buyer.access, {})).json()).toEqual({ transaction_id: ['This field is required.'] });
  });

  it('answers 404 for a paid transaction made outside Quarry (no account in its custom data)', async () => {
    const buyer = await t.customer();
    const created = await fetch(`${paddle.url}/transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_PADDLE_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ price_id: 'pri_01hzs3y2c4e6g8j0k2m4n6p8qr', quantity: 1 }] }),
    });
    const txn = ((await created.json()) as { data: { id: string } }).data.id;
    paddle.setStatus(txn, 'completed');
    expect((await confirm(buyer, txn)).statusCode).toBe(404);
    expect(await balanceOf(buyer)).toBe(0);
  });
});

describe('request bodies', () => {
  it('accepts form-encoded checkout and confirm bodies like the other management endpoints', async () => {
    const buyer = await t.customer();
    const form = (url: string, body: string) =>
      t.quarry.app.inject({ method: 'POST', url, headers: { ...bearer(buyer.access), 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    const created = await form('/api/v1/billing/checkout/create-transaction/', 'plan=starter');
    expect(created.statusCode).toBe(200);
    const txn = (created.json() as { transaction_id: string }).transaction_id;
    paddle.setStatus(txn, 'paid');
    expect((await form('/api/v1/billing/checkout/confirm/', `transaction_id=${txn}`)).json()).toMatchObject({ status: 'paid' });
  });
});

describe('the OpenAPI document', () => {
  it('names the billing bodies as components and marks token-authenticated routes', async () => {
    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' });
    const doc = res.json() as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
    };
    for (const name of ['PurchaseRequest', 'ConfirmTransaction', 'BillingStatus', 'CheckoutTransaction', 'Plan']) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    const jwt = [{ jwtAuth: [] }];
    expect(doc.paths['/api/v1/billing/checkout/create-transaction/']?.post?.security).toEqual(jwt);
    expect(doc.paths['/api/v1/billing/checkout/confirm/']?.post?.security).toEqual(jwt);
    // Reading the status also works with an API key (issue 16, item 22); paying needs a login.
    expect(doc.paths['/api/v1/billing/status/']?.get?.security).toEqual([...jwt, { ApiKeyAuth: [] }]);
    expect(doc.paths['/api/v1/billing/plans/']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/v1/billing/webhooks/paddle/']?.post?.security).toBeUndefined();
    expect(JSON.stringify(doc.paths['/api/v1/billing/checkout/confirm/'])).toContain('#/components/schemas/ConfirmTransaction');
  });
});
