import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { components } from '../api/schema';
import { refreshBalance, useBalance } from '../balance';
import { StackedBars } from '../chart';
import { Card, counted, Empty, formatNumber, formatTime, Loaded, Loading, Pager, plural, ProblemBanner, useResource } from '../ui';
import { useForm } from '../forms';

type DailyUsage = components['schemas']['DailyUsage'];

function UsageChart({ usage }: { usage: DailyUsage }) {
  const series = useMemo(
    () =>
      usage.endpoints.map((endpoint) => ({
        label: callLabel(endpoint),
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
        {counted(usage.total.credits, 'credit')} over {counted(usage.total.requests, 'request')} in the last {counted(usage.days.length, 'day')}.
      </p>
      <StackedBars days={usage.days} series={series} label={`Credits used per day by endpoint: ${usage.endpoints.map(callLabel).join(', ')}`} />
    </>
  );
}

type Activity = components['schemas']['Activity'];
type Entry = Activity['entries'][number];

const SURFACES: Record<string, string> = { firecrawl: 'Firecrawl', tavily: 'Tavily', exa: 'Exa', jina: 'Jina', mcp: 'MCP' };
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a call was, from its ledger endpoint: `search` → "Search · web", `search:news` → "Search · news", `firecrawl/scrape` → "Scrape (Firecrawl)". */
function callLabel(endpoint: string | null): string {
  if (!endpoint) return 'Call';
  const slash = endpoint.indexOf('/');
  const surface = slash > 0 ? endpoint.slice(0, slash) : undefined;
  const operation = slash > 0 ? endpoint.slice(slash + 1) : endpoint;
  const what = operation === 'search' ? 'Search · web' : operation.startsWith('search:') ? `Search · ${operation.slice(7)}` : capitalized(operation);
  return surface ? `${what} (${SURFACES[surface] ?? capitalized(surface)})` : what;
}

const TOP_UPS: Record<string, string> = { grant: 'Credits granted', purchase: 'Credits bought', refund: 'Refund', adjustment: 'Adjustment' };

function titleOf(line: Activity): string {
  return line.kind === 'call' ? callLabel(line.endpoint) : (TOP_UPS[line.kind] ?? capitalized(line.kind));
}

/** The line under the title: how a call ended, or the note of a grant or purchase. */
function subtitleOf(line: Activity): string | null {
  if (line.kind !== 'call') return line.note ? capitalized(line.note) : null;
  if (line.status === 'failed') return 'Failed: nothing charged';
  if (line.status === 'running') return `Running: ${counted(-line.amount, 'credit')} held`;
  return line.amount === 0 ? 'No charge' : null;
}

function entryWords(entry: Entry): string {
  const credits = counted(Math.abs(entry.amount), 'credit');
  if (entry.kind === 'hold') return `${credits} held while it ran`;
  if (entry.kind === 'release') return entry.note === 'hold expired' ? `${credits} returned: the hold ran out` : `${credits} returned`;
  if (entry.kind === 'charge') return `${credits} charged`;
  return `${TOP_UPS[entry.kind] ?? capitalized(entry.kind)}: ${credits}`;
}

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

/** A call's ledger entries (hold, release, charge), folded under its one line. */
function EntryDetails({ line }: { line: Activity }) {
  const title = titleOf(line);
  const subtitle = subtitleOf(line);
  if (line.kind !== 'call' || line.entries.length < 2) {
    return (
      <div class="what">
        <span class="what-title">{title}</span>
        {subtitle ? <span class="what-note">{subtitle}</span> : null}
      </div>
    );
  }
  return (
    <details class="what">
      <summary>
        <span class="what-title">{title}</span>
        {subtitle ? <span class="what-note">{subtitle}</span> : null}
      </summary>
      <ul class="entries">
        {line.entries.map((entry) => (
          <li key={entry.id}>
            <span>{entryWords(entry)}</span>
            <span class="entry-meta">
              {signed(entry.amount)} · balance {formatNumber(entry.balance_after)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The ledger, one line per call (its hold, release and charge folded under it) and one per top-up; the CSV export keeps every raw entry. */
function ActivityTable() {
  const [page, setPage] = useState(1);
  const activity = useResource(() => call(() => api.GET('/api/v1/credits/activity/', { params: { query: { page: String(page) } } })), [page]);
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
      title="Activity"
      actions={
        <button type="button" class="button small" onClick={download} disabled={exporter.busy}>
          Export CSV
        </button>
      }
    >
      <ProblemBanner problem={exporter.problem} onRetry={download} />
      <Loaded resource={activity} what="Loading your activity">
        {(data) =>
          data.results.length === 0 ? (
            <Empty title="No activity yet">
              <p>Credits granted, bought and spent appear here.</p>
            </Empty>
          ) : (
            <>
              <table class="table activity">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">What</th>
                    <th scope="col">Key</th>
                    <th scope="col" class="num">
                      Credits
                    </th>
                    <th scope="col" class="num">
                      Balance after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((line) => (
                    <tr key={line.id}>
                      <td data-label="Time">{formatTime(line.created)}</td>
                      <td data-label="What">
                        <EntryDetails line={line} />
                      </td>
                      <td data-label="Key">{keyName(line.api_key_id)}</td>
                      <td data-label="Credits" class={`num ${line.amount < 0 ? 'neg' : line.amount > 0 ? 'pos' : ''}`}>
                        {signed(line.amount)}
                      </td>
                      <td data-label="Balance after" class="num">
                        {formatNumber(line.balance_after)}
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

/** The shared balance (the header shows the same reading), read afresh when the page opens. */
function BalanceCard() {
  const balance = useBalance();
  useEffect(() => void refreshBalance(), []);
  return (
    <Card title="Balance">
      {balance === undefined ? (
        <Loading what="Loading the balance" />
      ) : (
        <p class="big" data-testid="balance">
          {formatNumber(balance)} <span>{plural(balance, 'credit')}</span>
        </p>
      )}
      <p>
        <a href="/plans">Buy more credits</a>
      </p>
    </Card>
  );
}

export function UsagePage() {
  const usage = useResource(() => call(() => api.GET('/api/v1/usage/daily/', { params: { query: { days: '30' } } })), []);
  return (
    <>
      <h1>Usage</h1>
      <div class="stats">
        <BalanceCard />
        <Card title="Credits used per day (last 30 days)">
          <Loaded resource={usage} what="Loading usage">
            {(data) => <UsageChart usage={data} />}
          </Loaded>
        </Card>
      </div>
      <ActivityTable />
    </>
  );
}
