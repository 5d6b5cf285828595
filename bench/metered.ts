/**
 * The metered path under load: X-API-KEY auth → throttle → cached work → charge (a cache hit
 * is charged in one ledger step; usage recorded in the ledger) → response, against a bare
 * Fastify route that returns the same bytes, in the same run. Two shapes: one hot account on
 * every connection, and 4 accounts × (connections / 4). Prints requests/s, p50/p99 latency,
 * the ratio to bare Fastify and the load average, on SQLite and (when QUARRY_TEST_POSTGRES_URL
 * is set) PostgreSQL, then the credits audit of each database.
 *
 *   npm run bench:metered -- [--duration 10] [--connections 32] [--profile /tmp/metered] [--only sqlite|postgres] [--in-process] [--stages] [--floor] [--tsx]
 *
 * autocannon runs in a child process of its own, as the figures were taken; with
 * `--in-process` it shares this process and event loop with the servers (the older figures),
 * which charges the generator's CPU to both the bare and the metered server.
 * `--profile PREFIX` writes PREFIX-<dialect>.cpuprofile: the CPU profile of this process during
 * the hot-account run (the server alone, unless `--in-process`), and with `--stages`
 * PREFIX-<dialect>-stage-<name>.cpuprofile for each stage.
 * `--stages` also prices the metered call's stages with the hot account, each a route of its own
 * on the same server: the app's global hooks, body parsing and validation; + authentication,
 * throttle and the JSON check; + the cache lookup (no charge).
 * `--floor` measures what no change to Quarry's hooks can remove, each on a bare Fastify server
 * of its own: the same answer with the metered answer's headers, and the same answer after the
 * ledger's one-step charge of the hot account (the per-call rows, group-committed) and nothing else.
 * Each row also gives the CPU time per request of the server's process and of the generator's.
 * The servers run compiled by tsc, as `npm start` runs them (see lib/compiled.ts); `--tsx` runs
 * them through tsx instead, as the figures before the fourth pass of issue 13 were taken.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Ledger } from '../src/credits/ledger.js';
import { defaultFeatures } from '../src/app.js';
import { answering, JSON_UTF8, withBareRoute, type BareHandler } from './lib/bare-route.js';
import { runCompiled } from './lib/compiled.js';
import { onEachDialect } from './lib/dialects.js';
import { profiled } from './lib/cpu-profile.js';
import { load as runLoad, type Figures } from './lib/load.js';
import { startTestApp } from '../tests/support/app.js';
import { meteredTestFeature } from '../tests/support/metered-feature.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    profile: { type: 'string' },
    only: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
    stages: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
  },
});
if (!values.tsx && import.meta.filename.endsWith('.ts')) process.exit(await runCompiled(import.meta.filename, process.argv.slice(2)));
const duration = Number(values.duration);
const connections = Number(values.connections);
const ACCOUNTS = 4;

const inProcess = values['in-process'];
const load = (url: string, keys: readonly string[], body: string) => runLoad({ url, keys, body, duration, connections }, { inProcess });

/** A bare Fastify server answering every POST with `handler`, under load. */
const loadBare = (handler: BareHandler, keys: readonly string[], body: string): Promise<Figures> => withBareRoute(handler, (url) => load(url, keys, body));

const bareBaseline = (responseBody: string): Promise<Figures> => loadBare(answering(responseBody), [], '{}');

/**
 * The floor under the metered call (`--floor`): the metered answer's own headers on a bare
 * route, then the ledger's one-step charge — the rows each call writes, group-committed,
 * awaited before the answer — on a bare route with nothing else of Quarry in front of it.
 */
async function floor(ledger: Ledger, customer: { id: number; keyId: number; key: string }, meteredHeaders: Headers, responseBody: string, bare: Figures) {
  // Fastify and Node write the framing headers themselves, on the bare route too.
  const framing = new Set(['content-length', 'date', 'connection', 'keep-alive', 'content-type']);
  const headers: Record<string, string> = {};
  meteredHeaders.forEach((value, name) => {
    if (!framing.has(name)) headers[name] = value;
  });
  const withHeaders = await loadBare(async (_request, reply) => reply.headers(headers).type(JSON_UTF8).send(responseBody), [customer.key], '{}');
  let n = 0;
  const charged = await loadBare(
    async (_request, reply) => {
      const result = await ledger.charge(customer.id, 1, { apiKeyId: customer.keyId, endpoint: 'test', requestId: `floor-${n++}` });
      return reply.header('x-credits-remaining', result.balance).type(JSON_UTF8).send(responseBody);
    },
    [customer.key],
    '{}',
  );
  return [
    row(`floor: bare Fastify + the metered answer's ${Object.keys(headers).length} headers`, withHeaders, bare),
    row('floor: bare Fastify + the ledger charge alone', charged, bare),
  ];
}

const STAGES = [
  ['stage: global hooks, body parsed and validated', 'plain'],
  ['stage: + X-API-KEY, throttle, JSON check', 'authenticated'],
  ['stage: + cache lookup (no charge)', 'cached'],
] as const;

/** The metered call's stages in turn, hot account on every connection (`--stages`). */
async function stages(url: string, key: string, body: string, bare: Figures, profilePrefix: string | undefined): Promise<string[]> {
  const rows: string[] = [];
  for (const [name, path] of STAGES) {
    const file = profilePrefix ? `${profilePrefix}-stage-${path}.cpuprofile` : undefined;
    rows.push(row(name, await profiled(file, () => load(`${url}/api/v1/test/stage/${path}`, [key], body)), bare));
  }
  return rows;
}

const load1 = () => loadavg()[0]!.toFixed(2);
const row = (name: string, f: Figures, bare: Figures) =>
  `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / bare.rps).toFixed(2)} | ${f.serverCpuMicros.toFixed(1)} | ${f.generatorCpuMicros.toFixed(1)} | ${load1()} |`;

async function measure(dialect: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const t = await startTestApp(
    { ...env, THROTTLE_KEY_RATE: '100000000/min', THROTTLE_ACCOUNT_RATE: '100000000/min' },
    { features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)] },
  );
  try {
    const customers: Awaited<ReturnType<typeof t.customer>>[] = [];
    for (let i = 0; i < ACCOUNTS; i++) customers.push(await t.customer(1_000_000_000));
    const url = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const metered = `${url}/api/v1/test/metered`;
    const body = JSON.stringify({ cost: 1, cache_key: 'bench' });
    const warm = await fetch(metered, { method: 'POST', headers: { 'x-api-key': customers[0]!.key, 'content-type': 'application/json' }, body });
    const responseBody = await warm.text();
    const bare = await bareBaseline(responseBody);
    const bareRow = row('bare Fastify, same bytes', bare, bare);
    const profileFile = values.profile ? `${values.profile}-${dialect.toLowerCase()}.cpuprofile` : undefined;
    const hot = await profiled(profileFile, () => load(metered, [customers[0]!.key], body));
    const hotRow = row(`metered, 1 hot account × ${connections}`, hot, bare);
    const spread = await load(
      metered,
      customers.map((c) => c.key),
      body,
    );
    const spreadRow = row(`metered, ${ACCOUNTS} accounts × ${connections / ACCOUNTS}`, spread, bare);
    const stageRows = values.stages ? await stages(url, customers[0]!.key, body, bare, profileFile?.replace(/\.cpuprofile$/, '')) : [];
    const floorRows = values.floor ? await floor(t.quarry.services.ledger, customers[0]!, warm.headers, responseBody, bare) : [];
    const audit = await t.quarry.services.ledger.audit();
    const clean = audit.every((r) => r.balance === r.ledgerSum && r.openHolds === 0 && r.expiredOpenHolds === 0);
    const generator = inProcess ? 'autocannon in this process' : 'autocannon in its own process';
    console.log(`\n${dialect} — ${duration}s per run, ${connections} connections, ${generator} (metered: auth+throttle+cache hit+one-step charge)`);
    console.log('| route | req/s | p50 ms | p99 ms | errors | ratio to bare | server CPU µs/req | generator CPU µs/req | load avg (1 min) |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const line of [bareRow, ...floorRows, ...stageRows, hotRow, spreadRow]) console.log(line);
    console.log(`credits audit: ${clean ? 'clean' : 'MISMATCH'} (${audit.length} accounts; balance = sum of entries, no open holds)`);
    if (!clean) process.exitCode = 1;
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDialect(values.only, measure);
