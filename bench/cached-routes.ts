/**
 * The real metered endpoints answering from the result cache, under load: what a client that
 * repeats a search or a scrape gets. Each row is one endpoint, one hot account on every
 * connection, after one call that filled the cache; beside it a bare Fastify route answering the
 * bytes of the combined search's answer, in the same run. Prints requests/s, p50/p99 latency, the
 * ratio to bare (and, for the agent surfaces' rows, Tavily, Exa, Firecrawl, Jina and the MCP `search` tool, the ratio to
 * `POST /api/v1/search`, goal ≥ 0.85) and the CPU time per request of the server and of the load generator, on SQLite
 * and (when QUARRY_TEST_POSTGRES_URL is set) PostgreSQL, then the credits audit.
 *
 *   npm run bench:cached -- [--duration 5] [--connections 32] [--only sqlite|postgres] [--profile PREFIX]
 *
 * The index holds the fixture corpus of the search tests; scrapes read the loopback fixture site.
 * `--profile PREFIX` writes PREFIX-<dialect>-<route>.cpuprofile for each route's run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answering, withBareRoute } from './lib/bare-route.js';
import { runCompiled } from './lib/compiled.js';
import { onEachDialect } from './lib/dialects.js';
import { profiled } from './lib/cpu-profile.js';
import { load, type Figures } from './lib/load.js';
import { startFixtureSite } from '../tests/support/fixture-site.js';
import { CORPUS } from '../tests/support/index-corpus.js';
import { startSearchApp } from '../tests/support/search-app.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
});
if (import.meta.filename.endsWith('.ts')) process.exit(await runCompiled(import.meta.filename, process.argv.slice(2)));
const duration = Number(values.duration);
const connections = Number(values.connections);

const run = (url: string, keys: readonly string[], body: string, headers?: Record<string, string>) =>
  load({ url, keys, body, duration, connections, ...(headers === undefined ? {} : { headers }) }, { inProcess: false });

const bare = (answer: string): Promise<Figures> => withBareRoute(answering(answer), (url) => run(url, [], '{}'));

const row = (name: string, bytes: number, f: Figures, baseline: Figures, rest?: Figures) =>
  `| ${name} | ${bytes} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / baseline.rps).toFixed(2)} | ${rest === undefined ? '' : (f.rps / rest.rps).toFixed(2)} | ${f.serverCpuMicros.toFixed(1)} | ${f.generatorCpuMicros.toFixed(1)} | ${loadavg()[0]!.toFixed(2)} |`;

/** A route measured on a warm cache: REST routes must say `X-Cache: HIT`; the agent surfaces carry no such header. */
interface Route {
  readonly name: string;
  readonly path: string;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  /** Compared with the REST web search (`POST /api/v1/search (web)`): the surfaces' goal is ≥ 0.85. */
  readonly surface?: boolean;
}

/** The same cached web search ("aurora", 5 results) through each agent surface. */
function surfaceRoutes(key: string): Route[] {
  return [
    { name: 'POST /tavily/search (web)', path: '/tavily/search', body: { query: 'aurora', max_results: 10, api_key: key }, surface: true },
    { name: 'POST /exa/search (web, no contents)', path: '/exa/search', body: { query: 'aurora', numResults: 10, contents: false }, surface: true },
    {
      name: 'MCP tools/call search (web)',
      path: '/mcp',
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'aurora' } } },
      headers: { accept: 'application/json, text/event-stream' },
      surface: true,
    },
    { name: 'POST /v2/search (Firecrawl, web)', path: '/v2/search', body: { query: 'aurora', limit: 10 }, surface: true },
    {
      name: 'POST /s/ (Jina search, no content)',
      path: '/s/',
      body: { q: 'aurora', count: 10 },
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'x-respond-with': 'no-content' },
      surface: true,
    },
  ];
}

async function measure(dialect: string, databaseUrl: string | undefined): Promise<void> {
  const site = await startFixtureSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const h = await startSearchApp({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    THROTTLE_KEY_RATE: '100000000/min',
    THROTTLE_ACCOUNT_RATE: '100000000/min',
    SCRAPE_ALLOWED_HOSTS: site.host,
  });
  try {
    await h.index(CORPUS, new Date(Date.now() - 60_000));
    const customer = await h.t.customer(1_000_000_000);
    const url = await h.t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const routes: Route[] = [
      { name: 'POST /api/v1/autocomplete', path: '/api/v1/autocomplete', body: { q: 'aurora' } },
      { name: 'POST /api/v1/news', path: '/api/v1/news', body: { q: 'aurora' } },
      { name: 'POST /api/v1/search (web)', path: '/api/v1/search', body: { query: 'aurora' } },
      { name: 'POST /api/v1/search (web, news, images)', path: '/api/v1/search', body: { query: 'aurora', sources: ['web', 'news', 'images'] } },
      { name: 'POST /api/v1/scrape/ (markdown)', path: '/api/v1/scrape/', body: { url: `${site.url}/html/article`, formats: ['markdown'] } },
      ...surfaceRoutes(customer.key),
    ];
    const answers: string[] = [];
    for (const { name, path, body, headers, surface } of routes) {
      const call = () =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': customer.key, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      await (await call()).text();
      const again = await call();
      answers.push(await again.text());
      if (again.status !== 200 || (!surface && again.headers.get('x-cache') !== 'HIT'))
        throw new Error(`${name}: ${again.status}, X-Cache ${again.headers.get('x-cache')}`);
    }
    const combined = answers[2]!;
    const baseline = await bare(combined);
    const rows = [row('bare Fastify, the web search answer', combined.length, baseline, baseline)];
    let restSearch: Figures | undefined;
    for (const [i, { name, path, body, headers, surface }] of routes.entries()) {
      const file = values.profile ? `${values.profile}-${dialect.toLowerCase()}-${i}.cpuprofile` : undefined;
      const figures = await profiled(file, () => run(`${url}${path}`, [customer.key], JSON.stringify(body), headers));
      if (i === 2) restSearch = figures;
      rows.push(row(name, answers[i]!.length, figures, baseline, surface ? restSearch : undefined));
    }
    const audit = await h.t.quarry.services.ledger.audit();
    const clean = audit.every((r) => r.balance === r.ledgerSum && r.openHolds === 0 && r.expiredOpenHolds === 0);
    console.log(`\n${dialect} — cache hits, ${duration}s per run, ${connections} connections, one account, autocannon in its own process`);
    console.log(
      '| route | answer bytes | req/s | p50 ms | p99 ms | errors | ratio to bare | ratio to /api/v1/search (web) | server CPU µs/req | generator CPU µs/req | load avg (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const line of rows) console.log(line);
    console.log(`credits audit: ${clean ? 'clean' : 'MISMATCH'} (${audit.length} accounts)`);
    if (!clean) process.exitCode = 1;
  } finally {
    await h.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDialect(values.only, measure);
