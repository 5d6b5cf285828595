import type { Kysely, Selectable } from 'kysely';
import type { BillingPaymentStatus, BillingTransactionsTable, Database } from '../db/schema.js';

export type TransactionRecord = Selectable<BillingTransactionsTable>;

export interface NewTransactionRecord {
  readonly provider: string;
  readonly transactionId: string;
  readonly userId: number;
  readonly planId: string;
  readonly credits: number;
  readonly amount: number;
  readonly currency: string;
  readonly status: BillingPaymentStatus;
  readonly providerStatus: string;
  readonly checkoutUrl: string | null;
}

export interface ObservedState {
  readonly status: BillingPaymentStatus;
  readonly providerStatus: string;
  readonly amount: number;
  readonly currency: string;
}

/**
 * Local records of provider transactions. Every write is a single statement that is safe to
 * repeat and to race: records are keyed by (provider, transaction id), and a granted record
 * never goes back to unpaid.
 */
export interface TransactionStore {
  find(provider: string, transactionId: string): Promise<TransactionRecord | undefined>;
  /** Inserts the record unless one exists for the same provider transaction; returns the stored one either way. */
  ensure(record: NewTransactionRecord): Promise<TransactionRecord>;
  /** Records what the provider said about an ungranted transaction; a granted one is left as it is. */
  observe(provider: string, transactionId: string, state: ObservedState): Promise<void>;
  /** Marks the transaction paid and granted; the first grant time is kept. */
  markGranted(provider: string, transactionId: string, state: ObservedState): Promise<void>;
  /** The account's transactions, newest first. */
  listForUser(userId: number): Promise<TransactionRecord[]>;
  accountExists(userId: number): Promise<boolean>;
}

export function createTransactionStore(db: Kysely<Database>, now: () => Date): TransactionStore {
  const iso = () => now().toISOString();
  const find = (provider: string, transactionId: string) =>
    db.selectFrom('billing_transactions').selectAll().where('provider', '=', provider).where('transaction_id', '=', transactionId).executeTakeFirst();

  return {
    find,

    async ensure(record) {
      const at = iso();
      await db
        .insertInto('billing_transactions')
        .values({
          provider: record.provider,
          transaction_id: record.transactionId,
          user_id: record.userId,
          plan_id: record.planId,
          credits: record.credits,
          amount: record.amount,
          currency: record.currency,
          status: record.status,
          provider_status: record.providerStatus,
          checkout_url: record.checkoutUrl,
          created: at,
          updated: at,
          granted_at: null,
        })
        .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
        .execute();
      const stored = await find(record.provider, record.transactionId);
      if (!stored) throw new Error(`billing record ${record.provider}:${record.transactionId} vanished after insert`);
      return stored;
    },

    async observe(provider, transactionId, state) {
      await db
        .updateTable('billing_transactions')
        .set({ status: state.status, provider_status: state.providerStatus, amount: state.amount, currency: state.currency, updated: iso() })
        .where('provider', '=', provider)
        .where('transaction_id', '=', transactionId)
        // A stale read of the provider (taken before the payment) must not undo a grant.
        .where('granted_at', 'is', null)
        .execute();
    },

    async markGranted(provider, transactionId, state) {
      const at = iso();
      await db
        .updateTable('billing_transactions')
        .set((eb) => ({
          status: 'paid',
          provider_status: state.providerStatus,
          amount: state.amount,
          currency: state.currency,
          updated: at,
          granted_at: eb.fn.coalesce('granted_at', eb.val(at)),
        }))
        .where('provider', '=', provider)
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    listForUser: (userId) =>
      db.selectFrom('billing_transactions').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').orderBy('id', 'desc').execute(),

    async accountExists(userId) {
      const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}
