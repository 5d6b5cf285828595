import { api, call } from '../api/client';
import { Card, Empty, formatNumber, formatTime, Loaded, useResource } from '../ui';

export function BillingPage() {
  const status = useResource(() => call(() => api.GET('/api/v1/billing/status/')), []);
  return (
    <>
      <h1>Billing</h1>
      <Card title="Your transactions">
        <Loaded resource={status} what="Loading transactions">
          {(list) =>
            list.length === 0 ? (
              <Empty title="No transactions yet">
                <p>
                  Buy credits on the <a href="/plans">plans page</a>.
                </p>
              </Empty>
            ) : (
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Status</th>
                    <th scope="col" class="num">
                      Credits
                    </th>
                    <th scope="col" class="num">
                      Amount
                    </th>
                    <th scope="col">Transaction</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((t) => (
                    <tr key={t.transaction_id}>
                      <td data-label="Date">{formatTime(t.created)}</td>
                      <td data-label="Plan">{t.plan}</td>
                      <td data-label="Status">
                        <span class={`pill pill-${t.status}`}>{t.status}</span>
                      </td>
                      <td data-label="Credits" class="num">
                        {formatNumber(t.credits)}
                      </td>
                      <td data-label="Amount" class="num">
                        {t.amount} {t.currency}
                      </td>
                      <td data-label="Transaction">
                        <code>{t.transaction_id}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loaded>
      </Card>
    </>
  );
}
