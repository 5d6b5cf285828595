/**
 * The ledger store alone: batches of one-step charges of one account (what a hot account's cache
 * hits submit), applied one batch after another by the dialect's LedgerStore on a freshly
 * migrated database, as the group commit applies them. Prints the CPU time per charge of this
 * process, all its threads (JSON, better-sqlite3 and SQLite itself on SQLite; building the call
 * and reading its answer, and tsx's loader thread, on PostgreSQL), of the PostgreSQL backend that
 * ran them (from /proc, Linux only), and the wall time per charge.
 *
 *   npx tsx bench/ledger-store.ts [--batch 24] [--batches 1500] [--rounds 3] [--only sqlite|postgres]
 *
 * PostgreSQL runs with QUARRY_TEST_POSTGRES_URL set (a database of its own is made and dropped).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { timeOrderedId } from '../src/credits/hold-id.js';
import { createLedgerStore } from '../src/credits/ledger.js';
import type { LedgerOp } from '../src/credits/ledger-ops.js';
import { onEachDialect, type BenchDialect } from './lib/dialects.js';

const { values } = parseArgs({
  options: {
    batch: { type: 'string', default: '24' },
    batches: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const batchSize = Number(values.batch);
const batches = Number(values.batches);
const rounds = Number(values.rounds);

/** User + system CPU time of a process in µs, from /proc (clock ticks of 10 ms). */
function processCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measureOn(dialect: BenchDialect, handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  const { id } = await handle.db
    .insertInto('users')
    .values({
      email: 'bench@example.com',
      password_hash: 'x',
      is_active: 1,
      is_staff: 0,
      credits_balance: 1_000_000_000,
      date_joined: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(id);
  const store = createLedgerStore(handle);
  const backend = handle.raw.dialect === 'postgres' ? (await handle.raw.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid : undefined;
  let n = 0;
  const charges = (): LedgerOp[] =>
    Array.from({ length: batchSize }, () => ({
      op: 'charge',
      userId,
      amount: 1,
      holdId: timeOrderedId(),
      apiKeyId: null,
      endpoint: 'test',
      requestId: `bench-${n++}`,
      at: new Date().toISOString(),
    }));
  for (let i = 0; i < 200; i++) await store.apply(charges());
  console.log(`\n${dialect} — batches of ${batchSize} one-step charges of one account, ${batches} batches per round`);
  console.log('| round | this process CPU µs/charge | PostgreSQL backend CPU µs/charge | wall µs/charge | load avg (1 min) |');
  console.log('|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    const cpu = process.cpuUsage();
    const pg = backend === undefined ? 0 : processCpuMicros(backend);
    const started = performance.now();
    for (let i = 0; i < batches; i++) await store.apply(charges());
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const total = batches * batchSize;
    const pgMicros = backend === undefined ? '—' : ((processCpuMicros(backend) - pg) / total).toFixed(2);
    console.log(
      `| ${round} | ${((used.user + used.system) / total).toFixed(2)} | ${pgMicros} | ${((wall * 1000) / total).toFixed(2)} | ${loadavg()[0]!.toFixed(2)} |`,
    );
  }
}

await onEachDialect(values.only, async (dialect, databaseUrl) => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-ledger-bench-'));
  // On PostgreSQL one connection, so that one backend runs every batch and its CPU time can be read.
  const handle = openDatabase({ url: databaseUrl, sqliteFile: join(dir, 'quarry.db'), poolSize: 1 });
  try {
    await measureOn(dialect, handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
