import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaddle, type FakePaddle, type SignedWebhook } from '../../../tests/support/fake-paddle.js';
import { BillingNotConfiguredError, WebhookPayloadError, WebhookSignatureError } from '../errors.js';
import { parsePlans, type Plan } from '../plans.js';
import type { PaymentProvider, WebhookHeaders } from '../provider.js';
import { createPaddleProvider } from './paddle.js';

const API_KEY = 'pdl_sdbx_apikey_01hzs3x9v6w8k2q4m7n5p3r1tf_webhooks';
const SECRET = 'pdl_ntfset_01hzs3xqg4b0m6n8p2r4t6v8wy_current';
const OLD_SECRET = 'pdl_ntfset_01hzs2aaaaaaaaaaaaaaaaaaaaaa_previous';
const PRICE_ID = 'pri_01hzs3y2c4e6g8j0k2m4n6p8qr';
/** A fixed "now", so timestamps are exact rather than racing the wall clock. */
const NOW_SECONDS = 1_767_225_600;

const starter = parsePlans([{ id: 'starter', name: 'Starter', credits: 10000, price: '9.00', currency: 'USD', paddle_price_id: PRICE_ID }], 'test plans').get(
  'starter',
) as Plan;

let paddle: FakePaddle;
let transactionId: string;

beforeAll(async () => {
  paddle = await startFakePaddle({ apiKey: API_KEY, webhookSecret: SECRET, prices: { [PRICE_ID]: { amount: '900', currency: 'USD' } } });
  ({ transactionId } = await receiver().createCheckout({ plan: starter, account: { id: 'acc_7', email: 'bob@example.com' } }));
  paddle.setStatus(transactionId, 'completed');
});

afterAll(async () => {
  await paddle.close();
});

function receiver(secret: string | readonly string[] = SECRET): PaymentProvider {
  return createPaddleProvider({
    apiUrl: paddle.url,
    apiKey: API_KEY,
    webhookSecret: secret,
    clock: () => NOW_SECONDS * 1000,
  });
}

function deliver(webhook: SignedWebhook, provider = receiver(), headers: WebhookHeaders = webhook.headers) {
  return provider.verifyWebhook(Buffer.from(webhook.body), headers);
}

function rejection(run: () => unknown): WebhookSignatureError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return error as WebhookSignatureError;
  }
  throw new Error('expected the webhook to be rejected');
}

describe('an authentic webhook', () => {
  it('yields the event and the paid transaction it carries', () => {
    const webhook = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS });
    const event = deliver(webhook);

    const sent = JSON.parse(webhook.body) as { event_id: string; occurred_at: string };
    expect(event).toEqual({
      id: sent.event_id,
      type: 'transaction.completed',
      providerType: 'transaction.completed',
      occurredAt: sent.occurred_at,
      transaction: {
        id: transactionId,
        status: 'paid',
        providerStatus: 'completed',
        accountId: 'acc_7',
        planId: 'starter',
        amount: 900,
        currency: 'USD',
      },
    });
  });

  it('names transaction.paid and puts every other event type under other', () => {
    expect(deliver(paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS })).type).toBe('transaction.paid');
    const created = deliver(paddle.signWebhook('transaction.created', transactionId, { ts: NOW_SECONDS }));
    expect(created).toMatchObject({ type: 'other', providerType: 'transaction.created' });
  });

  it('has no transaction when the event is about another entity', () => {
    const body = JSON.stringify({
      event_id: 'evt_01hzs40000000000000000000a',
      event_type: 'customer.created',
      occurred_at: '2026-01-01T00:00:00.000Z',
      notification_id: 'ntf_01hzs40000000000000000000a',
      data: { id: 'ctm_01hzs40000000000000000000a', email: 'bob@example.com', status: 'active' },
    });
    const event = deliver(paddle.sign(body, { ts: NOW_SECONDS }));
    expect(event).toMatchObject({ type: 'other', providerType: 'customer.created', transaction: null });
  });

  it('is accepted right at the edge of the five-second tolerance, either way', () => {
    expect(() => deliver(paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS - 5 }))).not.toThrow();
    expect(() => deliver(paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS + 5 }))).not.toThrow();
  });
});

describe('a webhook that is not authentic', () => {
  it('is rejected when signed with another secret', () => {
    const forged = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS, secrets: ['pdl_ntfset_attacker'] });
    expect(rejection(() => deliver(forged)).reason).toBe('mismatch');
  });

  it('is rejected when a single byte of the body changed', () => {
    const webhook = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS });
    const tampered = { ...webhook, body: webhook.body.replace('"plan_id":"starter"', '"plan_id":"startes"') };
    expect(tampered.body).not.toBe(webhook.body);
    expect(rejection(() => deliver(tampered)).reason).toBe('mismatch');
  });

  it('is rejected when the body was re-serialised, even to the same JSON value', () => {
    const webhook = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS });
    const reserialised = { ...webhook, body: JSON.stringify(JSON.parse(webhook.body), null, 1) };
    expect(rejection(() => deliver(reserialised)).reason).toBe('mismatch');
  });

  it('is rejected when the timestamp was changed after signing', () => {
    const webhook = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS - 100 });
    const header = webhook.headers['paddle-signature']?.replace(`ts=${NOW_SECONDS - 100}`, `ts=${NOW_SECONDS}`);
    expect(rejection(() => deliver(webhook, receiver(), { 'paddle-signature': header })).reason).toBe('mismatch');
  });

  it('is rejected when older than the tolerance (a replay)', () => {
    const stale = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS - 6 });
    expect(rejection(() => deliver(stale)).reason).toBe('expired');
  });

  it('is rejected when dated too far in the future', () => {
    const future = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS + 6 });
    expect(rejection(() => deliver(future)).reason).toBe('future');
  });

  it('follows a configured tolerance', () => {
    const lenient = createPaddleProvider({ webhookSecret: SECRET, toleranceSeconds: 300, clock: () => NOW_SECONDS * 1000 });
    expect(() => deliver(paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS - 299 }), lenient)).not.toThrow();
    expect(rejection(() => deliver(paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS - 301 }), lenient)).reason).toBe('expired');
  });
});

describe('secret rotation', () => {
  const rotating = () => paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS, secrets: [OLD_SECRET, SECRET] });

  it('sends two h1 values', () => {
    expect(rotating().headers['paddle-signature']).toMatch(/^ts=\d+;h1=[0-9a-f]{64};h1=[0-9a-f]{64}$/);
  });

  it('is accepted by a receiver that knows only the new secret, or only the old one', () => {
    expect(() => deliver(rotating(), receiver(SECRET))).not.toThrow();
    expect(() => deliver(rotating(), receiver(OLD_SECRET))).not.toThrow();
  });

  it('lets the receiver hold both secrets while Paddle still signs with one', () => {
    const signedWithOld = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS, secrets: [OLD_SECRET] });
    expect(() => deliver(signedWithOld, receiver([SECRET, OLD_SECRET]))).not.toThrow();
  });

  it('is still rejected when no h1 matches', () => {
    const neither = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS, secrets: ['pdl_ntfset_a', 'pdl_ntfset_b'] });
    expect(rejection(() => deliver(neither)).reason).toBe('mismatch');
  });
});

describe('a malformed signature header', () => {
  const validH1 = () => {
    const header = paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS }).headers['paddle-signature'] ?? '';
    return header.split(';')[1] ?? '';
  };

  it('is rejected as missing when absent or empty', () => {
    const webhook = paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS });
    expect(rejection(() => deliver(webhook, receiver(), {})).reason).toBe('missing');
    expect(rejection(() => deliver(webhook, receiver(), { 'paddle-signature': '' })).reason).toBe('missing');
  });

  it.each([
    ['no timestamp', () => validH1()],
    ['no h1', () => `ts=${NOW_SECONDS}`],
    ['a non-numeric timestamp', () => `ts=soon;${validH1()}`],
    ['two timestamps', () => `ts=${NOW_SECONDS};ts=${NOW_SECONDS};${validH1()}`],
    ['an h1 that is not 64 hex digits', () => `ts=${NOW_SECONDS};h1=abc`],
    ['a part without =', () => `ts=${NOW_SECONDS};${validH1()};garbage`],
    ["Stripe's format", () => `t=${NOW_SECONDS},v1=${'a'.repeat(64)}`],
    ['too many h1 values', () => `ts=${NOW_SECONDS}${`;${validH1()}`.repeat(9)}`],
  ])('is rejected as malformed with %s', (_case, header) => {
    const webhook = paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS });
    expect(rejection(() => deliver(webhook, receiver(), { 'paddle-signature': header() })).reason).toBe('malformed');
  });

  it('is rejected as malformed when the header came twice', () => {
    const webhook = paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS });
    const header = webhook.headers['paddle-signature'] ?? '';
    expect(rejection(() => deliver(webhook, receiver(), { 'paddle-signature': [header, header] })).reason).toBe('malformed');
  });
});

describe('an authentic body that is not a readable event', () => {
  it.each([
    ['not JSON', 'not json'],
    ['JSON without the event fields', JSON.stringify({ hello: 'world' })],
    [
      'a transaction event without a transaction',
      JSON.stringify({ event_id: 'evt_1', event_type: 'transaction.paid', occurred_at: '2026-01-01T00:00:00Z', data: {} }),
    ],
  ])('throws WebhookPayloadError for %s', (_case, body) => {
    expect(() => deliver(paddle.sign(body, { ts: NOW_SECONDS }))).toThrow(WebhookPayloadError);
  });
});

describe('without a webhook secret', () => {
  it('refuses every webhook as not configured', () => {
    const webhook = paddle.signWebhook('transaction.paid', transactionId, { ts: NOW_SECONDS });
    expect(() => deliver(webhook, createPaddleProvider({ apiKey: API_KEY }))).toThrow(BillingNotConfiguredError);
  });
});

describe('parseEvent', () => {
  it('reads a stored, already verified body without a signature', () => {
    const webhook = paddle.signWebhook('transaction.completed', transactionId, { ts: NOW_SECONDS });
    expect(receiver().parseEvent(Buffer.from(webhook.body))).toEqual(deliver(webhook));
  });
});
