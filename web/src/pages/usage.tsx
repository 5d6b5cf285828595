import { useMemo, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { components } from '../api/schema';
import { StackedBars } from '../chart';
import { Card, Empty, formatNumber, formatTime, Loaded, Pager, ProblemBanner, useResource } from '../ui';
import { useForm } from '../forms';

type DailyUsage = components['schemas']['DailyUsage'];

function UsageChart({ usage }: { usage: DailyUsage }) {
  const series = useMemo(
    () =>
      usage.endpoints.map((endpoint) => ({
        label: endpoint,
        values: usage.days.map((day) => usage.results.find((r) => r.day === day && r.endpoint === endpoint)?.credits ?? 0),
      })),
    [usage],
  );
  if (usage.total.requests === 0) {
    return (
      <Empty title="No usage in the last 30 days">
        <p>
          Try a call from the <a href="/playground">playground</a>.
        </p>
      </Empty>
    );
  }
  return (
    <>
      <p>
        {formatNumber(usage.total.credits)} credits over {formatNumber(usage.total.requests)} requests in the last {usage.days.length} days.
      </p>
      <StackedBars days={usage.days} series={series} label={`Credits used per day by endpoint: ${usage.endpoints.join(', ')}`} />
    </>
  );
}

function LedgerTable() {
  const [page, setPage] = useState(1);
  const ledger = useResource(() => call(() => api.GET('/api/v1/credits/ledger/', { params: { query: { page: String(page) } } })), [page]);
  const keys = useResource(() => call(() => api.GET('/api/v1/api-keys/', {})), []);
  const keyName = (id: number | null) => (id === null ? '—' : (keys.data?.results.find((k) => k.id === id)?.name ?? `#${id} (revoked)`));
  const exporter = useForm();
  const download = () =>
    exporter.submit(
      () => call(() => api.GET('/api/v1/credits/ledger/export/', { parseAs: 'text' })),
      (csv) => {
        const url = URL.createObjectURL(new Blob([String(csv)], { type: 'text/csv' }));
        const link = Object.assign(document.createElement('a'), { href: url, download: `quarry-ledger-${new Date().toISOString().slice(0, 10)}.csv` });
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
    );
  return (
    <Card
      title="Ledger"
      actions={
        <button type="button" class="button small" onClick={download} disabled={exporter.busy}>
          Export CSV
        </button>
      }
    >
      <ProblemBanner problem={exporter.problem} onRetry={download} />
      <Loaded resource={ledger} what="Loading the ledger">
        {(data) =>
          data.results.length === 0 ? (
            <Empty title="No ledger entries yet">
              <p>Credits granted, bought and spent appear here.</p>
            </Empty>
          ) : (
            <>
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Kind</th>
                    <th scope="col" class="num">
                      Amount
                    </th>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Key</th>
                    <th scope="col" class="num">
                      Balance after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((e) => (
                    <tr key={e.id}>
                      <td data-label="Time">{formatTime(e.created)}</td>
                      <td data-label="Kind">{e.kind}</td>
                      <td data-label="Amount" class={`num ${e.amount < 0 ? 'neg' : 'pos'}`}>
                        {e.amount > 0 ? `+${formatNumber(e.amount)}` : formatNumber(e.amount)}
                      </td>
                      <td data-label="Endpoint">{e.endpoint ?? '—'}</td>
                      <td data-label="Key">{keyName(e.api_key_id)}</td>
                      <td data-label="Balance after" class="num">
                        {formatNumber(e.balance_after)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} data={data} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Card>
  );
}

export function UsagePage() {
  const me = useResource(() => call(() => api.GET('/api/v1/auth/users/me/')), []);
  const usage = useResource(() => call(() => api.GET('/api/v1/usage/daily/', { params: { query: { days: '30' } } })), []);
  return (
    <>
      <h1>Usage</h1>
      <div class="stats">
        <Card title="Balance">
          <Loaded resource={me} what="Loading the balance">
            {(data) => (
              <p class="big" data-testid="balance">
                {formatNumber(data.credits_remaining)} <span>credits</span>
              </p>
            )}
          </Loaded>
          <p>
            <a href="/plans">Buy more credits</a>
          </p>
        </Card>
        <Card title="Credits used per day (last 30 days)">
          <Loaded resource={usage} what="Loading usage">
            {(data) => <UsageChart usage={data} />}
          </Loaded>
        </Card>
      </div>
      <LedgerTable />
    </>
  );
}
