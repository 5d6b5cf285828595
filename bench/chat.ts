/**
 * What the chat proxy adds to a call: the same conversation sent to the fake upstream
 * directly and through Quarry (`POST /api/v1/chat/`: API-key auth, throttle, validation,
 * token count, credit hold, upstream call, settle), in the same run, alternating, one call at
 * a time. Prints p50/p99 of the non-streamed total and of the streamed time to first token.
 *
 *   npm run bench:chat -- [--n 400] [--warmup 50] [--words 20] [--tools 0] [--route contract|openai] [--json]
 *
 * `--tools N` puts N function definitions (about 120 tokens each, as agents send them) in both the
 * direct and the proxied request; tools go through the OpenAI-compatible route
 * (`POST /api/v1/chat/completions`), which `--route openai` also picks without tools, so that the
 * two runs differ only by the tools.
 *
 * The database is a fresh SQLite file (or PostgreSQL with QUARRY_TEST_POSTGRES_URL).
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { onlyFeatures, startTestApp } from '../tests/support/app.js';
import { startFakeOpenAI } from '../tests/support/fake-openai.js';
import { meteredTestFeature } from '../tests/support/metered-feature.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '50' },
    words: { type: 'string', default: '20' },
    tools: { type: 'string', default: '0' },
    route: { type: 'string', default: 'contract' },
    json: { type: 'boolean', default: false },
  },
});
const iterations = Number.parseInt(values.n, 10);
const warmup = Number.parseInt(values.warmup, 10);
const question = Array.from({ length: Number.parseInt(values.words, 10) }, (_, i) => `word${i}`).join(' ');
const tools = Array.from({ length: Number.parseInt(values.tools, 10) }, (_, i) => benchTool(i));
const openAIRoute = values.route === 'openai' || tools.length > 0;

/** A function definition of the size agents send: a description and a handful of typed parameters. */
function benchTool(i: number) {
  return {
    type: 'function',
    function: {
      name: `tool_${i}_lookup`,
      description: `Looks up record kind ${i} by its identifier and returns its fields as JSON; use it when the user asks about kind ${i}.`,
      parameters: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'The identifier of the record' },
          fields: { type: 'array', items: { type: 'string' }, description: 'Fields to return; all when empty' },
          limit: { type: 'integer', minimum: 1, maximum: 100, description: 'How many records at most' },
          language: { type: 'string', enum: ['en', 'fr', 'de'], description: 'Language of the text fields' },
        },
        required: ['id'],
        additionalProperties: false,
      },
    },
  };
}

type Target = 'direct' | 'quarry';
type Mode = 'json' | 'stream';

interface Endpoint {
  pool: Pool;
  path: string;
  headers: Record<string, string>;
  body: (stream: boolean) => string;
}

/**
 * Milliseconds until the whole answer (json) or the first content token (stream) arrived, and
 * the CPU milliseconds the process spent on the whole call. Client, proxy and fake upstream share
 * this process, so the CPU difference between the two paths is the proxy's own work: a figure
 * that a busy machine (other processes competing for the cores) does not inflate as it does wall time.
 */
async function timeCall(endpoint: Endpoint, mode: Mode): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const ms = await wallTime(endpoint, mode);
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

async function wallTime(endpoint: Endpoint, mode: Mode): Promise<number> {
  const started = performance.now();
  const response = await endpoint.pool.request({
    method: 'POST',
    path: endpoint.path,
    headers: endpoint.headers,
    body: endpoint.body(mode === 'stream'),
  });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${await response.body.text()}`);
  if (mode === 'json') {
    await response.body.json();
    return performance.now() - started;
  }
  let firstToken: number | undefined;
  let buffer = '';
  for await (const part of response.body) {
    buffer += (part as Buffer).toString('utf8');
    if (firstToken === undefined && /"content":"[^"]/.test(buffer)) firstToken = performance.now() - started;
  }
  if (firstToken === undefined) throw new Error('the stream carried no content');
  return firstToken;
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAI();
  const app = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_MODEL: 'bench-model',
      THROTTLE_KEY_RATE: '100000000/min',
      THROTTLE_ACCOUNT_RATE: '100000000/min',
    },
    // The no-op metered endpoint shows the floor every metered call pays (auth, throttle, hold, settle).
    { features: (parts) => [...onlyFeatures('chat')(parts), meteredTestFeature().feature(parts)] },
  );
  await app.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  const quarryPort = (app.quarry.app.server.address() as AddressInfo).port;
  const customer = await app.customer(1_000_000_000);

  const messages = [{ role: 'user', content: question }];
  const upstream = new URL(fake.url);
  const quarryPool = new Pool(`http://127.0.0.1:${quarryPort}`, { connections: 4 });
  const meteredNoop: Endpoint = {
    pool: quarryPool,
    path: '/api/v1/test/metered',
    headers: { 'content-type': 'application/json', 'x-api-key': customer.key },
    body: () => JSON.stringify({ cost: 1 }),
  };
  const endpoints: Record<Target, Endpoint> = {
    direct: {
      pool: new Pool(upstream.origin, { connections: 4 }),
      path: `${upstream.pathname}/chat/completions`,
      headers: { 'content-type': 'application/json' },
      body: (stream) =>
        JSON.stringify({
          model: 'bench-model',
          messages,
          temperature: 0.7,
          max_tokens: 4096,
          ...(tools.length > 0 ? { tools } : {}),
          stream,
          ...(stream ? { stream_options: { include_usage: true } } : {}),
        }),
    },
    quarry: {
      pool: quarryPool,
      path: openAIRoute ? '/api/v1/chat/completions' : '/api/v1/chat/',
      headers: { 'content-type': 'application/json', 'x-api-key': customer.key },
      body: (stream) =>
        JSON.stringify(
          openAIRoute
            ? { model: 'bench', messages, ...(tools.length > 0 ? { tools } : {}), stream, ...(stream ? { stream_options: { include_usage: true } } : {}) }
            : { messages, stream },
        ),
    },
  };

  const samples: Record<`${Target}:${Mode}`, number[]> = { 'direct:json': [], 'quarry:json': [], 'direct:stream': [], 'quarry:stream': [] };
  const cpu: Record<`${Target}:${Mode}`, number[]> = { 'direct:json': [], 'quarry:json': [], 'direct:stream': [], 'quarry:stream': [] };
  for (const mode of ['json', 'stream'] as const) {
    for (let i = 0; i < warmup + iterations; i++) {
      // Alternate which goes first so neither side always meets a warmer machine.
      const order: Target[] = i % 2 === 0 ? ['direct', 'quarry'] : ['quarry', 'direct'];
      for (const target of order) {
        const { ms, cpuMs } = await timeCall(endpoints[target], mode);
        if (i >= warmup) {
          samples[`${target}:${mode}`].push(ms);
          cpu[`${target}:${mode}`].push(cpuMs);
        }
      }
    }
  }

  const floor = { ms: [] as number[], cpuMs: [] as number[] };
  for (let i = 0; i < warmup + iterations; i++) {
    const { ms, cpuMs } = await timeCall(meteredNoop, 'json');
    if (i >= warmup) {
      floor.ms.push(ms);
      floor.cpuMs.push(cpuMs);
    }
  }
  const floorP50 = percentile(
    [...floor.ms].sort((a, b) => a - b),
    50,
  );
  const floorCpuP50 = percentile(
    [...floor.cpuMs].sort((a, b) => a - b),
    50,
  );

  const rows = (['json', 'stream'] as const).map((mode) => {
    const direct = [...samples[`direct:${mode}`]].sort((a, b) => a - b);
    const quarry = [...samples[`quarry:${mode}`]].sort((a, b) => a - b);
    const stat = (p: number) => ({ direct: percentile(direct, p), quarry: percentile(quarry, p) });
    const p50 = stat(50);
    const p99 = stat(99);
    const cpuMedian = (target: Target) =>
      percentile(
        [...cpu[`${target}:${mode}`]].sort((a, b) => a - b),
        50,
      );
    return {
      measure: mode === 'json' ? 'non-streamed total' : 'streamed first token',
      directCpuP50: cpuMedian('direct'),
      quarryCpuP50: cpuMedian('quarry'),
      directP50: p50.direct,
      quarryP50: p50.quarry,
      overheadP50: p50.quarry - p50.direct,
      ratioP50: p50.quarry / p50.direct,
      directP99: p99.direct,
      quarryP99: p99.quarry,
      overheadP99: p99.quarry - p99.direct,
      ratioP99: p99.quarry / p99.direct,
    };
  });

  const balance = await app.quarry.services.ledger.balance(customer.id);
  const audit = (await app.quarry.services.ledger.audit()).find((row) => row.userId === customer.id);
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          iterations,
          warmup,
          words: question.split(' ').length,
          route: openAIRoute ? 'openai' : 'contract',
          tools: tools.length,
          toolsJsonBytes: JSON.stringify(tools).length,
          dialect: app.quarry.dialect,
          rows,
          meteredNoop: { p50Ms: floorP50, cpuP50Ms: floorCpuP50 },
          creditsSpent: 1_000_000_000 - balance,
        },
        null,
        2,
      ),
    );
  } else {
    const f = (ms: number) => ms.toFixed(2).padStart(8);
    const r = (x: number) => `${x.toFixed(2)}×`.padStart(7);
    console.log(
      `chat proxy overhead — ${iterations} calls per cell after ${warmup} warm-up, one at a time, ${app.quarry.dialect}, prompt of ${question.split(' ').length} words, ` +
        `${openAIRoute ? 'POST /api/v1/chat/completions' : 'POST /api/v1/chat/'}, ${tools.length} tools (${JSON.stringify(tools).length} bytes of JSON)`,
    );
    console.log('measure                 |  direct p50 |  quarry p50 | overhead | ratio |  direct p99 |  quarry p99 | overhead | ratio');
    console.log('------------------------|-------------|-------------|----------|-------|-------------|-------------|----------|------');
    for (const row of rows) {
      console.log(
        `${row.measure.padEnd(24)}| ${f(row.directP50)} ms | ${f(row.quarryP50)} ms | ${f(row.overheadP50)} |${r(row.ratioP50)}| ${f(row.directP99)} ms | ${f(row.quarryP99)} ms | ${f(row.overheadP99)} |${r(row.ratioP99)}`,
      );
    }
    console.log('');
    console.log('CPU per whole call (p50, client + proxy + fake in one process) | direct | quarry | proxy work');
    for (const row of rows) {
      console.log(`${row.measure.padEnd(63)}| ${f(row.directCpuP50)} | ${f(row.quarryCpuP50)} | ${f(row.quarryCpuP50 - row.directCpuP50)} ms`);
    }
    console.log(
      `floor: a no-op metered call (auth, throttle, hold, settle, no upstream) takes ${floorP50.toFixed(2)} ms p50, ${floorCpuP50.toFixed(2)} ms CPU`,
    );
    console.log(
      `credits spent: ${1_000_000_000 - balance}; ledger ${audit && audit.balance === audit.ledgerSum && audit.openHolds === 0 ? 'consistent' : 'INCONSISTENT'}`,
    );
  }

  await endpoints.direct.pool.close();
  await quarryPool.close();
  await app.close();
  await fake.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
