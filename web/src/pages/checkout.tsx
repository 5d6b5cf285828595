import { useEffect, useRef, useState } from 'preact/hooks';
import { loadPaddle } from '../paddle';
import { useSession } from '../session';
import { Card, Loaded, Notice } from '../ui';
import { ConfirmOutcome, useConfirm, useDashboardConfig } from './plans';

const TXN = /^txn_[a-z0-9]{26}$/;

/**
 * The page `PADDLE_CHECKOUT_URL` points to: Paddle payment links land here with `?_ptxn=txn_…`,
 * and Paddle.js, once initialised, opens the checkout for that transaction by itself.
 */
export function CheckoutPage({ transactionId }: { transactionId: string | null }) {
  const settings = useDashboardConfig();
  const session = useSession();
  const outcome = useConfirm();
  const [paidTransaction, setPaidTransaction] = useState<string | null>(null);
  const confirmed = useRef(false);
  const [state, setState] = useState<'loading' | 'open' | 'completed' | 'closed' | 'failed'>('loading');
  const valid = transactionId !== null && TXN.test(transactionId);
  const payments = settings.data?.payments;

  useEffect(() => {
    if (!valid || !payments?.enabled) return;
    loadPaddle(payments.client_token ?? '', payments.environment, (event) => {
      if (event.name === 'checkout.loaded') setState('open');
      if (event.name === 'checkout.closed') setState((s) => (s === 'completed' ? s : 'closed'));
      if (event.name === 'checkout.completed') {
        setState('completed');
        setPaidTransaction(event.data?.transaction_id ?? transactionId);
      }
    }).then(
      () => setState((s) => (s === 'loading' ? 'open' : s)),
      () => setState('failed'),
    );
    // Runs once the settings arrive.
  }, [valid, payments?.enabled]);

  // The payment may complete before the session has loaded: confirm once both are known.
  useEffect(() => {
    if (paidTransaction === null || session.status !== 'user' || confirmed.current) return;
    confirmed.current = true;
    outcome.confirm(paidTransaction);
  }, [paidTransaction, session.status]);

  return (
    <>
      <h1>Checkout</h1>
      <Card>
        {!valid ? (
          <Notice tone="warning">
            This checkout link has no valid transaction. Choose a plan on the <a href="/plans">plans page</a>.
          </Notice>
        ) : (
          <Loaded resource={settings} what="Preparing the checkout">
            {(config) =>
              !config.payments.enabled ? (
                <Notice tone="warning">Payment is not configured on this Quarry server.</Notice>
              ) : state === 'failed' ? (
                <Notice tone="warning">The Paddle checkout could not be loaded. Check your connection and reload this page.</Notice>
              ) : state === 'completed' ? (
                session.status === 'user' ? (
                  <ConfirmOutcome outcome={outcome} onRetry={() => outcome.confirm(transactionId!)} />
                ) : (
                  <Notice tone="success">
                    Payment received. The credits are added to your account once Paddle confirms it; <a href="/login">log in</a> to see them.
                  </Notice>
                )
              ) : state === 'closed' ? (
                <Notice>
                  The checkout was closed before paying. <a href="/plans">Back to plans</a>
                </Notice>
              ) : (
                <p class="loading">The secure Paddle checkout opens over this page…</p>
              )
            }
          </Loaded>
        )}
      </Card>
    </>
  );
}
