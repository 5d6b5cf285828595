import { formatMinor } from './money.js';
import type { BillingStatus, CheckoutTransaction } from './schemas.js';
import type { CheckoutResult } from './service.js';
import type { TransactionRecord } from './store.js';

export function toBillingStatus(record: TransactionRecord): BillingStatus {
  return {
    transaction_id: record.transaction_id,
    provider: record.provider,
    plan: record.plan_id,
    status: record.status,
    credits: Number(record.credits),
    amount: formatMinor(Number(record.amount), record.currency),
    currency: record.currency,
    created: record.created,
    granted_at: record.granted_at,
  };
}

export function toCheckoutTransaction({ session, record }: CheckoutResult): CheckoutTransaction {
  const client = session.clientData;
  return {
    transaction_id: session.transactionId,
    provider: record.provider,
    plan: record.plan_id,
    status: session.status,
    checkout_url: session.checkoutUrl ?? null,
    environment: typeof client['environment'] === 'string' ? client['environment'] : null,
    client_token: typeof client['clientToken'] === 'string' ? client['clientToken'] : null,
  };
}
