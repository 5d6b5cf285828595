/**
 * The metered path under load: X-API-KEY auth → throttle → hold → cached work → settle
 * (usage recorded in the ledger) → response, against a bare Fastify route that returns the
 * same bytes, in the same run. Prints requests/s and p50/p99 latency of both and their ratio,
 * on SQLite and (when QUARRY_TEST_POSTGRES_URL is set) PostgreSQL.
 *
 *   npm run bench:metered -- [--duration 10] [--connections 32]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { defaultFeatures } from '../src/app.js';
import { startTestApp } from '../tests/support/app.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TEST_POSTGRES_URL } from '../tests/support/database.js';
import { meteredTestFeature } from '../tests/support/metered-feature.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, body: string): Promise<Figures> {
  const result = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duration, connections });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bareBaseline(responseBody: string): Promise<Figures> {
  const bare = Fastify();
  bare.post('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(responseBody));
  const url = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await load(`${url}/bare`, {}, '{}');
  } finally {
    await bare.close();
  }
}

async function measure(dialect: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const t = await startTestApp(
    { ...env, THROTTLE_KEY_RATE: '100000000/min', THROTTLE_ACCOUNT_RATE: '100000000/min' },
    { features: [...defaultFeatures(), meteredTestFeature().feature] },
  );
  try {
    const customer = await t.customer(1_000_000_000);
    const url = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const body = JSON.stringify({ cost: 1, cache_key: 'bench' });
    const warm = await fetch(`${url}/api/v1/test/metered`, {
      method: 'POST',
      headers: { 'x-api-key': customer.key, 'content-type': 'application/json' },
      body,
    });
    const responseBody = await warm.text();
    const metered = await load(`${url}/api/v1/test/metered`, { 'x-api-key': customer.key }, body);
    const bare = await bareBaseline(responseBody);
    const audit = (await t.quarry.services.ledger.audit()).every((r) => r.balance === r.ledgerSum && r.openHolds === 0);
    console.log(`\n${dialect} — ${duration}s, ${connections} connections`);
    console.log('| route | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|');
    console.log(`| bare Fastify, same bytes | ${bare.rps.toFixed(0)} | ${bare.p50} | ${bare.p99} | ${bare.errors} |`);
    console.log(`| metered (auth+throttle+hold+settle+usage, cache hit) | ${metered.rps.toFixed(0)} | ${metered.p50} | ${metered.p99} | ${metered.errors} |`);
    console.log(
      `ratio metered/bare: throughput ${(metered.rps / bare.rps).toFixed(3)}, p50 latency ×${(metered.p50 / Math.max(bare.p50, 1)).toFixed(1)}; ledger audit ${audit ? 'clean' : 'MISMATCH'}`,
    );
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await measure('SQLite', undefined);
if (TEST_POSTGRES_URL) {
  const database = await createTestDatabase();
  try {
    await measure('PostgreSQL', database.url);
  } finally {
    await database.drop();
  }
}
