import type { Ledger } from '../credits/index.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { Plan, PlanCatalog } from './plans.js';
import type { CheckoutSession, PaymentProvider, ProviderTransaction, WebhookHeaders } from './provider.js';
import type { TransactionRecord, TransactionStore } from './store.js';

/** The few log calls billing makes; a pino / Fastify logger fits. */
export interface BillingLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface BillingServiceDeps {
  readonly provider: PaymentProvider;
  readonly plans: PlanCatalog;
  readonly store: TransactionStore;
  readonly ledger: Ledger;
  readonly log: BillingLog;
}

export interface BillingAccount {
  readonly id: number;
  readonly email: string;
}

export interface CheckoutResult {
  readonly session: CheckoutSession;
  readonly record: TransactionRecord;
}

/** What a verified webhook led to. `ignored`: not a payment event, not paid yet, or not a transaction Quarry made. */
export type WebhookOutcome = 'granted' | 'already_granted' | 'ignored';

export interface BillingService {
  plans(): readonly Plan[];
  /** Creates a provider transaction for `planId` and records it as pending. Unknown plan → InvalidInputError. */
  checkout(account: BillingAccount, planId: string): Promise<CheckoutResult>;
  /**
   * Reads the transaction from the provider and, when it is paid, grants its credits (once).
   * A transaction the provider does not know, or that is not this account's → NotFoundError.
   */
  confirm(userId: number, transactionId: string): Promise<TransactionRecord>;
  /** Verifies a provider notification and grants on a paid transaction exactly as confirm does. */
  receiveWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookOutcome>;
  /** The account's transactions, newest first. */
  status(userId: number): Promise<TransactionRecord[]>;
}

type Settlement =
  | { readonly kind: 'foreign'; readonly reason: string }
  | { readonly kind: 'settled'; readonly record: TransactionRecord; readonly outcome: 'granted' | 'already_granted' | 'not_paid' };

const ACCOUNT_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Billing on top of a payment provider. Credits are granted through the ledger with
 * `<provider>:<transaction id>` as idempotency key, so confirm and webhooks may run in any
 * order, any number of times, concurrently, and still grant once. The local record is written
 * with single idempotent statements around that grant; if the process dies between the two,
 * the next confirm or webhook delivery completes the record without granting again.
 */
export function createBillingService(deps: BillingServiceDeps): BillingService {
  const { provider, plans, store, ledger, log } = deps;

  async function settle(transaction: ProviderTransaction): Promise<Settlement> {
    const userId = transaction.accountId !== undefined && ACCOUNT_ID.test(transaction.accountId) ? Number(transaction.accountId) : undefined;
    if (userId === undefined) return { kind: 'foreign', reason: 'no account id in its custom data' };

    let record = await store.find(provider.name, transaction.id);
    if (!record) {
      const plan = transaction.planId === undefined ? undefined : plans.get(transaction.planId);
      if (!plan) return { kind: 'foreign', reason: `its plan "${transaction.planId ?? ''}" is not on sale` };
      if (!(await store.accountExists(userId))) return { kind: 'foreign', reason: `account ${userId} does not exist` };
      record = await store.ensure({
        provider: provider.name,
        transactionId: transaction.id,
        userId,
        planId: plan.id,
        credits: plan.credits,
        amount: transaction.amount,
        currency: transaction.currency,
        status: transaction.status,
        providerStatus: transaction.providerStatus,
        checkoutUrl: null,
      });
    }
    // The local record was made at checkout from our own data; custom data disagreeing with it was not written by us.
    if (record.user_id !== userId) return { kind: 'foreign', reason: 'its account differs from the local record' };
    if (transaction.planId !== undefined && transaction.planId !== record.plan_id) {
      return { kind: 'foreign', reason: 'its plan differs from the local record' };
    }

    const state = { status: transaction.status, providerStatus: transaction.providerStatus, amount: transaction.amount, currency: transaction.currency };
    if (transaction.status !== 'paid') {
      await store.observe(provider.name, transaction.id, state);
      return { kind: 'settled', record: await reread(record), outcome: 'not_paid' };
    }
    const { applied } = await ledger.credit(userId, record.credits, {
      kind: 'purchase',
      idempotencyKey: `${provider.name}:${transaction.id}`,
      note: `Plan ${record.plan_id} (${provider.name} ${transaction.id})`,
    });
    await store.markGranted(provider.name, transaction.id, state);
    if (applied) log.info({ userId, transactionId: transaction.id, plan: record.plan_id, credits: record.credits }, 'billing: credits granted');
    return { kind: 'settled', record: await reread(record), outcome: applied ? 'granted' : 'already_granted' };
  }

  async function reread(record: TransactionRecord): Promise<TransactionRecord> {
    return (await store.find(record.provider, record.transaction_id)) ?? record;
  }

  return {
    plans: () => plans.list(),

    async checkout(account, planId) {
      const plan = plans.get(planId);
      if (!plan) throw InvalidInputError.field('plan', `"${planId}" is not a valid choice.`);
      const session = await provider.createCheckout({ plan, account });
      const record = await store.ensure({
        provider: provider.name,
        transactionId: session.transactionId,
        userId: account.id,
        planId: plan.id,
        credits: plan.credits,
        amount: plan.priceMinor,
        currency: plan.currency,
        status: session.status,
        providerStatus: session.providerStatus,
        checkoutUrl: session.checkoutUrl ?? null,
      });
      return { session, record };
    },

    async confirm(userId, transactionId) {
      const transaction = await provider.getTransaction(transactionId);
      // Another account's transaction answers exactly like one that does not exist.
      if (!transaction || transaction.accountId !== String(userId)) throw new NotFoundError();
      const settlement = await settle(transaction);
      if (settlement.kind === 'foreign') {
        log.warn({ userId, transactionId, reason: settlement.reason }, 'billing: confirm refused a transaction');
        throw new NotFoundError();
      }
      return settlement.record;
    },

    async receiveWebhook(rawBody, headers) {
      const event = provider.verifyWebhook(rawBody, headers);
      if (event.type === 'other' || event.transaction === null) return 'ignored';
      const settlement = await settle(event.transaction);
      if (settlement.kind === 'foreign') {
        log.warn({ eventId: event.id, transactionId: event.transaction.id, reason: settlement.reason }, 'billing: webhook transaction ignored');
        return 'ignored';
      }
      return settlement.outcome === 'not_paid' ? 'ignored' : settlement.outcome;
    },

    status: (userId) => store.listForUser(userId),
  };
}
