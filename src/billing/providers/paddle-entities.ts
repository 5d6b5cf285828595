import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { WebhookPayloadError } from '../errors.js';
import type { PaymentStatus, ProviderEvent, ProviderEventType, ProviderTransaction } from '../provider.js';

/**
 * The parts of Paddle Billing entities we read (snake_case, as on the wire). Paddle sends many
 * more fields; they are allowed and ignored, so additions on Paddle's side break nothing.
 */

const NullableString = Type.Union([Type.String(), Type.Null()]);

const TransactionEntity = Type.Object({
  id: Type.String({ minLength: 1 }),
  status: Type.String({ minLength: 1 }),
  customer_id: Type.Optional(NullableString),
  custom_data: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  currency_code: Type.String({ minLength: 3, maxLength: 3 }),
  details: Type.Object({
    totals: Type.Object({
      total: Type.String({ pattern: '^-?[0-9]{1,15}$' }),
      // Added by Paddle in 2023: the total after credits, before payments. Preferred when present.
      grand_total: Type.Optional(Type.String({ pattern: '^-?[0-9]{1,15}$' })),
    }),
  }),
  checkout: Type.Optional(Type.Union([Type.Object({ url: Type.Optional(NullableString) }), Type.Null()])),
});
export type PaddleTransactionEntity = Static<typeof TransactionEntity>;
export const transactionEntity = TypeCompiler.Compile(TransactionEntity);

const CustomerEntity = Type.Object({
  id: Type.String({ minLength: 1 }),
  email: Type.String(),
  status: Type.Optional(Type.String()),
});
export type PaddleCustomerEntity = Static<typeof CustomerEntity>;
export const customerEntity = TypeCompiler.Compile(CustomerEntity);
export const customerList = TypeCompiler.Compile(Type.Array(CustomerEntity));

const EventEnvelope = Type.Object({
  event_id: Type.String({ minLength: 1 }),
  event_type: Type.String({ minLength: 1 }),
  occurred_at: Type.String({ minLength: 1 }),
  data: Type.Unknown(),
});
const eventEnvelope = TypeCompiler.Compile(EventEnvelope);

/** Paddle's seven transaction statuses; `paid` (paid, not yet processed) and `completed` both mean the money is in. */
const STATUS_MAP: Readonly<Record<string, PaymentStatus>> = {
  draft: 'pending',
  ready: 'pending',
  billed: 'pending',
  paid: 'paid',
  completed: 'paid',
  canceled: 'canceled',
  past_due: 'failed',
};

/** A status Paddle adds later is treated as not paid: granting credits must never be a guess. */
export function normaliseStatus(paddleStatus: string): PaymentStatus {
  return STATUS_MAP[paddleStatus] ?? 'pending';
}

export function toProviderTransaction(entity: PaddleTransactionEntity): ProviderTransaction {
  const custom = entity.custom_data ?? {};
  const accountId = idFromCustomData(custom['account_id']);
  const planId = idFromCustomData(custom['plan_id']);
  const totals = entity.details.totals;
  return {
    id: entity.id,
    status: normaliseStatus(entity.status),
    providerStatus: entity.status,
    ...(accountId === undefined ? {} : { accountId }),
    ...(planId === undefined ? {} : { planId }),
    amount: Number(totals.grand_total ?? totals.total),
    currency: entity.currency_code,
  };
}

function idFromCustomData(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** Parses a Paddle notification body. Throws WebhookPayloadError when it is not one. */
export function parsePaddleEvent(rawBody: Buffer): ProviderEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookPayloadError('Webhook body is not JSON.');
  }
  if (!eventEnvelope.Check(json)) {
    throw new WebhookPayloadError('Webhook body is not a Paddle event (event_id, event_type, occurred_at, data).');
  }
  let transaction: ProviderTransaction | null = null;
  if (json.event_type.startsWith('transaction.')) {
    if (!transactionEntity.Check(json.data)) {
      throw new WebhookPayloadError(`Event ${json.event_type} does not carry a readable transaction.`);
    }
    transaction = toProviderTransaction(json.data);
  }
  return {
    id: json.event_id,
    type: eventType(json.event_type),
    providerType: json.event_type,
    occurredAt: json.occurred_at,
    transaction,
  };
}

function eventType(paddleType: string): ProviderEventType {
  return paddleType === 'transaction.paid' || paddleType === 'transaction.completed' ? paddleType : 'other';
}
