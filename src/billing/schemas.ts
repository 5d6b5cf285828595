import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../http/schema.js';
import { PlanBody } from './plan-schema.js';

/** The OpenAPI components of the billing endpoints; each `$id` is the component's name. */

export const PurchaseRequest = Type.Object(
  // As long as a plan id can be (plan-schema.ts).
  { plan: Type.String({ minLength: 1, maxLength: 64, description: 'A plan id from `GET /api/v1/billing/plans/`.', examples: ['starter'] }) },
  { $id: 'PurchaseRequest', description: 'The plan to buy.' },
);
export type PurchaseRequest = Static<typeof PurchaseRequest>;

export const ConfirmTransaction = Type.Object(
  {
    transaction_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The provider transaction id returned by checkout.',
      examples: ['txn_01hv8x9y2z3a4b5c6d7e8f9g0h'],
    }),
  },
  { $id: 'ConfirmTransaction', description: 'The transaction to check with the payment provider.' },
);
export type ConfirmTransaction = Static<typeof ConfirmTransaction>;

const PaymentStatus = StringEnum(['pending', 'paid', 'canceled', 'failed'], {
  description: '`paid` once the provider reports the money in; `pending` before; `canceled`/`failed` when it will not be paid.',
});

export const CheckoutTransaction = Type.Object(
  {
    transaction_id: Type.String({ description: 'The provider transaction id (`txn_…` at Paddle); confirm with it.' }),
    provider: Type.String({ examples: ['paddle'] }),
    plan: Type.String(),
    status: PaymentStatus,
    checkout_url: Nullable(
      Type.String({
        description: 'Hosted payment page carrying the transaction (`?_ptxn=txn_…`); redirect the buyer there, or open the checkout with Paddle.js.',
      }),
    ),
    environment: Nullable(Type.String({ description: 'For `Paddle.Environment.set` (`sandbox`) before `Paddle.Initialize`.' })),
    client_token: Nullable(Type.String({ description: 'Public Paddle.js token for `Paddle.Initialize({ token })`; null when not configured.' })),
  },
  { $id: 'CheckoutTransaction', description: 'A transaction created at the payment provider, with what a browser needs to open its checkout.' },
);
export type CheckoutTransaction = Static<typeof CheckoutTransaction>;

export const BillingStatus = Type.Object(
  {
    transaction_id: Type.String(),
    provider: Type.String(),
    plan: Type.String(),
    status: PaymentStatus,
    credits: Type.Integer({ description: 'Credits this transaction grants, once, when paid.' }),
    amount: Type.String({
      description: 'Decimal amount in `currency`: the plan price until the provider reports what was paid (tax included).',
      examples: ['9.00'],
    }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    created: Type.String({ format: 'date-time' }),
    granted_at: Nullable(Type.String({ format: 'date-time', description: 'When the credits were added; null until then.' })),
  },
  { $id: 'BillingStatus', description: 'One transaction of the account and whether its credits were granted.' },
);
export type BillingStatus = Static<typeof BillingStatus>;

export const WebhookReceipt = Type.Object(
  {
    received: Type.Boolean(),
    outcome: StringEnum(['granted', 'already_granted', 'ignored']),
  },
  { $id: 'WebhookReceipt', description: 'Acknowledgement of a verified provider notification.' },
);
export type WebhookReceipt = Static<typeof WebhookReceipt>;

export const billingSchemas = [PlanBody, PurchaseRequest, ConfirmTransaction, CheckoutTransaction, BillingStatus, WebhookReceipt];
