import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { TEST_DIALECT } from '../../tests/support/database.js';
import {
  fakePaddleEnv,
  startFakePaddle,
  TEST_PADDLE_API_KEY,
  TEST_PADDLE_PRICES,
  TEST_PADDLE_WEBHOOK_SECRET,
  writeTestPlansFile,
  type FakePaddle,
  type TestPlansFile,
} from '../../tests/support/fake-paddle.js';

const CONFIRMS = 50;
const WEBHOOKS = 5;

let paddle: FakePaddle;
let plansFile: TestPlansFile;
let t: TestApp;

beforeAll(async () => {
  paddle = await startFakePaddle({ apiKey: TEST_PADDLE_API_KEY, webhookSecret: TEST_PADDLE_WEBHOOK_SECRET, prices: TEST_PADDLE_PRICES });
  plansFile = await writeTestPlansFile();
  // Staleness is another suite's subject; a slow CI must not turn the race into expired signatures.
  t = await startTestApp({ ...fakePaddleEnv(paddle, plansFile.file), PADDLE_WEBHOOK_TOLERANCE_SECONDS: '300' });
});
afterAll(async () => {
  await t.close();
  await paddle.close();
  await plansFile.remove();
});

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

describe(`confirm and webhooks racing on ${TEST_DIALECT}`, () => {
  it(`grant once for ${CONFIRMS} concurrent confirms plus ${WEBHOOKS} webhook deliveries of the same transaction`, async () => {
    const buyer = await t.customer(7);
    const created = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/create-transaction/',
      headers: { authorization: `Bearer ${buyer.access}` },
      payload: { plan: 'starter' },
    });
    const txn = (created.json() as { transaction_id: string }).transaction_id;
    paddle.setStatus(txn, 'completed');

    const confirm = () =>
      t.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/confirm/',
        headers: { authorization: `Bearer ${buyer.access}` },
        payload: { transaction_id: txn },
      });
    const webhook = () => {
      const signed = paddle.signWebhook('transaction.completed', txn);
      return t.quarry.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/paddle/', headers: signed.headers, payload: signed.body });
    };
    const calls = shuffle([...Array.from({ length: CONFIRMS }, () => confirm), ...Array.from({ length: WEBHOOKS }, () => webhook)]);
    const answers = await Promise.all(calls.map((call) => call()));

    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const outcomes = answers.filter((res) => res.json<{ outcome?: string }>().outcome !== undefined).map((res) => res.json<{ outcome: string }>().outcome);
    expect(outcomes).toHaveLength(WEBHOOKS);
    for (const res of answers) {
      const body = res.json<{ status?: string; granted_at?: string | null }>();
      if (body.status !== undefined) expect(body).toMatchObject({ status: 'paid', granted_at: expect.any(String) });
    }

    const purchases = await t.quarry.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', buyer.id).where('kind', '=', 'purchase').execute();
    expect(purchases).toHaveLength(1);
    expect(await t.quarry.services.ledger.balance(buyer.id)).toBe(1007);
    const records = await t.quarry.db.selectFrom('billing_transactions').selectAll().where('transaction_id', '=', txn).execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'paid', granted_at: expect.any(String) });

    const audit = await t.quarry.services.ledger.audit();
    const mine = audit.find((row) => row.userId === buyer.id);
    expect(mine).toMatchObject({ balance: 1007, ledgerSum: 1007, openHolds: 0 });
    for (const row of audit) expect(row.balance).toBe(row.ledgerSum);
  });

  it('grant once when the local record does not exist yet and only webhooks and confirms race to create it', async () => {
    const buyer = await t.customer();
    const created = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/create-transaction/',
      headers: { authorization: `Bearer ${buyer.access}` },
      payload: { plan: 'pro' },
    });
    const txn = (created.json() as { transaction_id: string }).transaction_id;
    await t.quarry.db.deleteFrom('billing_transactions').where('transaction_id', '=', txn).execute();
    paddle.setStatus(txn, 'paid');

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        if (i % 2 === 0) {
          return t.quarry.app.inject({
            method: 'POST',
            url: '/api/v1/billing/checkout/confirm/',
            headers: { authorization: `Bearer ${buyer.access}` },
            payload: { transaction_id: txn },
          });
        }
        const signed = paddle.signWebhook('transaction.paid', txn);
        return t.quarry.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/paddle/', headers: signed.headers, payload: signed.body });
      }),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(await t.quarry.services.ledger.balance(buyer.id)).toBe(6000);
    expect(await t.quarry.db.selectFrom('billing_transactions').select('id').where('transaction_id', '=', txn).execute()).toHaveLength(1);
  });
});
