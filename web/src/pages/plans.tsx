import { useState } from 'preact/hooks';
import { api, call, type ApiProblem } from '../api/client';
import type { components } from '../api/schema';
import { refreshBalance } from '../balance';
import { loadPaddle, type PaddleEvent } from '../paddle';
import { navigate } from '../router';
import { useSession } from '../session';
import { Card, counted, Empty, formatNumber, Loaded, Notice, plural, ProblemBanner, useResource } from '../ui';

type Plan = components['schemas']['Plan'];
type Status = components['schemas']['BillingStatus'];

export function useDashboardConfig() {
  return useResource(() => call(() => api.GET('/api/v1/dashboard/config/')), []);
}

/** After Paddle.js reports the checkout completed: confirm with Quarry, which asks Paddle and grants the credits once. */
export function useConfirm() {
  const [state, setState] = useState<{ busy: boolean; status?: Status; balance?: number; problem?: ApiProblem }>({ busy: false });
  const confirm = (transactionId: string) => {
    setState({ busy: true });
    void call(() => api.POST('/api/v1/billing/checkout/confirm/', { body: { transaction_id: transactionId } })).then(async (result) => {
      if (!result.ok) return setState({ busy: false, problem: result.problem });
      // The shared balance: the header shows the new credits too.
      const balance = await refreshBalance();
      setState({ busy: false, status: result.data, ...(balance !== undefined ? { balance } : {}) });
    });
  };
  return { ...state, confirm };
}

export function ConfirmOutcome({ outcome, onRetry }: { outcome: ReturnType<typeof useConfirm>; onRetry: () => void }) {
  if (outcome.busy) return <p class="loading">Confirming your payment…</p>;
  if (outcome.problem) return <ProblemBanner problem={outcome.problem} onRetry={onRetry} />;
  if (!outcome.status) return null;
  if (outcome.status.status !== 'paid') {
    return (
      <Notice tone="warning">
        Paddle reports this payment as {outcome.status.status}. The credits arrive as soon as it is paid.{' '}
        <button type="button" class="button small" onClick={onRetry}>
          Check again
        </button>
      </Notice>
    );
  }
  return (
    <Notice tone="success">
      Payment received: {counted(outcome.status.credits, 'credit')} added.{' '}
      {outcome.balance !== undefined ? <span data-testid="new-balance">Your balance is now {counted(outcome.balance, 'credit')}.</span> : null}
    </Notice>
  );
}

export function PlansPage() {
  const plans = useResource(() => call(() => api.GET('/api/v1/billing/plans/')), []);
  const settings = useDashboardConfig();
  const session = useSession();
  const outcome = useConfirm();
  const [problem, setProblem] = useState<ApiProblem | undefined>(undefined);
  const [buying, setBuying] = useState<string | undefined>(undefined);
  const [lastTxn, setLastTxn] = useState<string | undefined>(undefined);
  const payments = settings.data?.payments;

  const buy = (plan: Plan) => {
    if (session.status !== 'user') return navigate(`/login?next=${encodeURIComponent('/plans')}`);
    setProblem(undefined);
    setBuying(plan.id);
    void call(() => api.POST('/api/v1/billing/checkout/create-transaction/', { body: { plan: plan.id } })).then(async (result) => {
      if (!result.ok) {
        setBuying(undefined);
        return setProblem(result.problem);
      }
      const txn = result.data;
      setLastTxn(txn.transaction_id);
      try {
        const paddle = await loadPaddle(
          txn.client_token ?? payments?.client_token ?? '',
          txn.environment ?? payments?.environment ?? 'sandbox',
          (event: PaddleEvent) => {
            if (event.name === 'checkout.completed') {
              setBuying(undefined);
              outcome.confirm(event.data?.transaction_id ?? txn.transaction_id);
            }
            if (event.name === 'checkout.closed') setBuying(undefined);
          },
        );
        paddle.Checkout.open({ transactionId: txn.transaction_id });
      } catch (error) {
        setBuying(undefined);
        setProblem({ kind: 'network', status: 0, detail: error instanceof Error ? error.message : String(error), fields: {}, body: undefined });
      }
    });
  };

  return (
    <>
      <h1>Plans</h1>
      <p class="lead">Credit packs: pay once, spend on any endpoint. Credits never expire.</p>
      {payments && !payments.enabled ? (
        <Notice tone="warning">Payment is not configured on this Quarry server yet: plans are listed, but cannot be bought here.</Notice>
      ) : null}
      <ProblemBanner problem={problem} onRetry={() => setProblem(undefined)} />
      <ConfirmOutcome outcome={outcome} onRetry={() => lastTxn && outcome.confirm(lastTxn)} />
      <Loaded resource={plans} what="Loading plans">
        {(list) =>
          list.length === 0 ? (
            <Empty title="No plans on sale">
              <p>The operator has not put any credit packs on sale.</p>
            </Empty>
          ) : (
            <div class="plans">
              {list.map((plan) => (
                <Card key={plan.id} title={plan.name}>
                  <p class="big">
                    {formatNumber(plan.credits)} <span>{plural(plan.credits, 'credit')}</span>
                  </p>
                  <p class="price">
                    {plan.price} {plan.currency}
                  </p>
                  <button
                    type="button"
                    class="button primary"
                    aria-label={`Buy ${plan.name}`}
                    disabled={Boolean(buying) || (payments !== undefined && !payments.enabled)}
                    onClick={() => buy(plan)}
                  >
                    {buying === plan.id ? 'Opening checkout…' : session.status === 'user' ? 'Buy' : 'Log in to buy'}
                  </button>
                </Card>
              ))}
            </div>
          )
        }
      </Loaded>
    </>
  );
}
