import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import {
  fakePaddleEnv,
  startFakePaddle,
  TEST_PADDLE_API_KEY,
  TEST_PADDLE_PRICES,
  TEST_PADDLE_WEBHOOK_SECRET,
  writeTestPlansFile,
  type FakePaddle,
  type SignedWebhook,
  type TestPlansFile,
} from '../../tests/support/fake-paddle.js';

const WEBHOOK = '/api/v1/billing/webhooks/paddle/';
const NEXT_SECRET = 'pdl_ntfset_01hzs4aaaaaaaaaaaaaaaaaaaa_NeXtSeCrEt';

let paddle: FakePaddle;
let plansFile: TestPlansFile;
let t: TestApp;

beforeAll(async () => {
  paddle = await startFakePaddle({ apiKey: TEST_PADDLE_API_KEY, webhookSecret: TEST_PADDLE_WEBHOOK_SECRET, prices: TEST_PADDLE_PRICES });
  plansFile = await writeTestPlansFile();
  t = await startTestApp({ ...fakePaddleEnv(paddle, plansFile.file), PADDLE_WEBHOOK_SECRET: `${TEST_PADDLE_WEBHOOK_SECRET},${NEXT_SECRET}` });
});
afterAll(async () => {
  await t.close();
  await paddle.close();
  await plansFile.remove();
});

type Customer = Awaited<ReturnType<TestApp['customer']>>;

function deliver(webhook: SignedWebhook, headers: Record<string, string> = {}) {
  return t.quarry.app.inject({ method: 'POST', url: WEBHOOK, headers: { ...webhook.headers, ...headers }, payload: webhook.body });
}

async function paidTransaction(plan = 'starter'): Promise<{ buyer: Customer; txn: string }> {
  const buyer = await t.customer();
  const res = await t.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout/create-transaction/',
    headers: { authorization: `Bearer ${buyer.access}` },
    payload: { plan },
  });
  const txn = (res.json() as { transaction_id: string }).transaction_id;
  paddle.setStatus(txn, 'paid');
  return { buyer, txn };
}

const balanceOf = (who: Customer) => t.quarry.services.ledger.balance(who.id);
const recordOf = (txn: string) => t.quarry.db.selectFrom('billing_transactions').selectAll().where('transaction_id', '=', txn).executeTakeFirst();

describe('a verified payment notification', () => {
  it("grants the plan's credits on transaction.paid and records the transaction as paid", async () => {
    const { buyer, txn } = await paidTransaction();
    const res = await deliver(paddle.signWebhook('transaction.paid', txn));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'granted' });
    expect(await balanceOf(buyer)).toBe(1000);
    expect(await recordOf(txn)).toMatchObject({ status: 'paid', provider_status: 'paid', granted_at: expect.any(String) });
  });

  it('grants once when transaction.completed follows transaction.paid, and once more deliveries repeat', async () => {
    const { buyer, txn } = await paidTransaction('pro');
    const paid = paddle.signWebhook('transaction.paid', txn);
    expect((await deliver(paid)).json()).toEqual({ received: true, outcome: 'granted' });
    paddle.setStatus(txn, 'completed');
    expect((await deliver(paddle.signWebhook('transaction.completed', txn))).json()).toEqual({ received: true, outcome: 'already_granted' });
    expect((await deliver(paid)).json()).toEqual({ received: true, outcome: 'already_granted' });
    expect(await balanceOf(buyer)).toBe(6000);
  });

  it('records a paid transaction it had not seen, from the account and plan in its custom data', async () => {
    const { buyer, txn } = await paidTransaction();
    await t.quarry.db.deleteFrom('billing_transactions').where('transaction_id', '=', txn).execute();
    expect((await deliver(paddle.signWebhook('transaction.completed', txn))).json()).toEqual({ received: true, outcome: 'granted' });
    expect(await recordOf(txn)).toMatchObject({ user_id: buyer.id, plan_id: 'starter', credits: 1000, amount: 900, status: 'paid' });
    expect(await balanceOf(buyer)).toBe(1000);
  });

  it('is verified over the exact bytes sent, whitespace included', async () => {
    const { buyer, txn } = await paidTransaction();
    const compact = paddle.signWebhook('transaction.paid', txn);
    const pretty = JSON.stringify(JSON.parse(compact.body), null, 2);
    expect((await deliver(paddle.sign(pretty))).statusCode).toBe(200);
    expect(await balanceOf(buyer)).toBe(1000);
  });

  it('is accepted with the second secret during a rotation', async () => {
    const { buyer, txn } = await paidTransaction();
    expect((await deliver(paddle.signWebhook('transaction.paid', txn, { secrets: [NEXT_SECRET] }))).statusCode).toBe(200);
    expect(await balanceOf(buyer)).toBe(1000);
  });
});

describe('notifications that grant nothing but are acknowledged', () => {
  it('ignores other event types, even about a paid transaction', async () => {
    const { buyer, txn } = await paidTransaction();
    for (const type of ['transaction.updated', 'transaction.created', 'customer.updated']) {
      const res = await deliver(paddle.signWebhook(type, txn));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await balanceOf(buyer)).toBe(0);
    expect(await recordOf(txn)).toMatchObject({ status: 'pending', granted_at: null });
  });

  it('ignores a paid transaction Quarry did not make, or naming an account that does not exist', async () => {
    const { buyer, txn } = await paidTransaction();
    const entity = paddle.transactions.get(txn);
    if (!entity) throw new Error('transaction missing at the fake');
    entity.custom_data = null;
    expect((await deliver(paddle.signWebhook('transaction.paid', txn))).json()).toEqual({ received: true, outcome: 'ignored' });
    entity.custom_data = { account_id: '999999', plan_id: 'starter' };
    expect((await deliver(paddle.signWebhook('transaction.paid', txn))).json()).toEqual({ received: true, outcome: 'ignored' });
    entity.custom_data = { account_id: String(buyer.id), plan_id: 'enterprise' };
    expect((await deliver(paddle.signWebhook('transaction.paid', txn))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await balanceOf(buyer)).toBe(0);
  });
});

describe('notifications that are not authentic', () => {
  async function expectRejected(webhook: SignedWebhook, reason: string, headers: Record<string, string> = {}) {
    const res = await deliver(webhook, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: `Webhook signature rejected (${reason}).` });
  }

  it('rejects a forged signature, a stale one replayed, a tampered body and a missing header, with no effect', async () => {
    const { buyer, txn } = await paidTransaction();
    const genuine = paddle.signWebhook('transaction.paid', txn);

    await expectRejected(paddle.signWebhook('transaction.paid', txn, { secrets: ['pdl_ntfset_forged'] }), 'mismatch');
    const staleTs = Math.floor(Date.now() / 1000) - 60;
    await expectRejected(paddle.signWebhook('transaction.paid', txn, { ts: staleTs }), 'expired');
    const tampered = { ...genuine, body: genuine.body.replace(`"account_id":"${buyer.id}"`, `"account_id":"${buyer.id}" `) };
    expect(tampered.body).not.toBe(genuine.body);
    await expectRejected(tampered, 'mismatch');
    await expectRejected({ body: genuine.body, headers: { 'content-type': 'application/json' } }, 'missing');
    await expectRejected(genuine, 'malformed', { 'paddle-signature': 'garbage' });

    expect(await balanceOf(buyer)).toBe(0);
    expect(await recordOf(txn)).toMatchObject({ status: 'pending', granted_at: null });
    const entries = await t.quarry.db.selectFrom('ledger_entries').select('id').where('user_id', '=', buyer.id).execute();
    expect(entries).toEqual([]);
  });

  it('rejects a body moved to another account under the original signature', async () => {
    const { buyer, txn } = await paidTransaction();
    const thief = await t.customer();
    const genuine = paddle.signWebhook('transaction.paid', txn);
    const moved = { ...genuine, body: genuine.body.replace(`"account_id":"${buyer.id}"`, `"account_id":"${thief.id}"`) };
    expect((await deliver(moved)).statusCode).toBe(400);
    expect(await balanceOf(thief)).toBe(0);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('rejects a signed body that is not a Paddle event', async () => {
    const res = await deliver(paddle.sign('{"hello": "world"}'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringContaining('not a Paddle event') });
  });
});

describe('without a webhook secret', () => {
  it('answers 503 to every delivery and changes nothing', async () => {
    const bare = await startTestApp({ ...fakePaddleEnv(paddle, plansFile.file), PADDLE_WEBHOOK_SECRET: '' });
    try {
      const buyer = await bare.customer();
      const res = await bare.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/create-transaction/',
        headers: { authorization: `Bearer ${buyer.access}` },
        payload: { plan: 'starter' },
      });
      const txn = (res.json() as { transaction_id: string }).transaction_id;
      paddle.setStatus(txn, 'paid');
      const webhook = paddle.signWebhook('transaction.paid', txn);
      const answer = await bare.quarry.app.inject({ method: 'POST', url: WEBHOOK, headers: webhook.headers, payload: webhook.body });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: expect.stringContaining('not configured') });
      expect(await bare.quarry.services.ledger.balance(buyer.id)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
