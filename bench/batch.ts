/**
 * A batch scrape of many distinct pages against the same pages scraped one by one, at the same
 * concurrency, in the same run. Batch: one `POST /api/v1/scrape/batch`, its status polled every
 * 100 ms (`?limit=1`) until it ends, then every result read through the status pages (`next`).
 * Baseline: `concurrency` clients, each POSTing the next URL to `POST /api/v1/scrape/` when its
 * last one answered; `concurrency` is BATCH_PAGE_CONCURRENCY, the pages one batch scrapes at once.
 * Both with `formats: ["markdown"]`, `render: never`, `use_cache: false`, and each on URLs of
 * its own, so neither reads what the other stored. Each side is timed from its first request
 * until its last result is read and the worker pool has nothing left (the scraped pages are
 * indexed after they are answered, on both sides).
 *
 * Server CPU is this process's (the app, its worker threads, and the few light requests of the
 * client); the loopback site of ~6 KB article pages runs in a process of its own.
 *
 *   npm run bench:batch -- [--pages 500] [--concurrency 4] [--rounds 1] [--only sqlite|postgres] [--json]
 *
 * SQLite, then PostgreSQL when QUARRY_TEST_POSTGRES_URL is set (`--only` keeps one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { startTestApp, type TestApp } from '../tests/support/app.js';
import { startArticleSite, type ArticleSite } from './lib/article-site.js';
import { onEachDialect } from './lib/dialects.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const pageCount = Number(values.pages);
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);

const OPTIONS = { formats: ['markdown'], render: 'never', use_cache: false };
const POLL_MS = 100;

interface Side {
  readonly seconds: number;
  readonly pagesPerSecond: number;
  readonly serverCpuMsPerPage: number;
  readonly ok: number;
  readonly failed: number;
  readonly creditsUsed: number;
}

interface Round {
  readonly oneByOne: Side;
  readonly batch: Side & { readonly polls: number; readonly secondsToCompleted: number };
  readonly load1: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One line that rewrites itself on a terminal; a line per tenth of the work elsewhere. */
function progress(label: string, total: number): (done: number) => void {
  let shownTenth = -1;
  return (done) => {
    if (process.stderr.isTTY) process.stderr.write(`\r  ${label}: ${done}/${total}${done >= total ? '\n' : ''}`);
    else if (Math.floor((done * 10) / total) > shownTenth) {
      shownTenth = Math.floor((done * 10) / total);
      process.stderr.write(`  ${label}: ${done}/${total}\n`);
    }
  };
}

async function measure(dialect: string, databaseUrl: string | undefined): Promise<void> {
  const site: ArticleSite = await startArticleSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const t: TestApp = await startTestApp({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SCRAPE_ALLOWED_HOSTS: site.host,
    // One host serves every page: the politeness cap (4) must not be what either side measures.
    SCRAPE_HOST_CONCURRENCY: '64',
    BATCH_PAGE_CONCURRENCY: String(concurrency),
    BATCH_MAX_URLS: '1000',
    THROTTLE_KEY_RATE: '100000000/min',
    THROTTLE_ACCOUNT_RATE: '100000000/min',
  });
  const client = new Agent({ connections: 64, pipelining: 1 });
  try {
    const customer = await t.customer(1_000_000_000);
    const origin = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { 'content-type': 'application/json', 'x-api-key': customer.key };
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
      const response = await request(`${origin}${path}`, {
        method,
        dispatcher: client,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
    };
    const balance = async () => (await t.quarry.services.ledger.audit()).find((row) => row.userId === customer.id)!.balance;
    const settled = async () => {
      while (t.quarry.services.offload.pending > 0) await sleep(10);
    };

    /** Times `work` from its start until the pool is idle: wall time, this process's CPU, credits. */
    const timed = async <T>(pages: number, work: () => Promise<T>): Promise<{ side: Omit<Side, 'ok' | 'failed'>; result: T }> => {
      await settled();
      const before = await balance();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await work();
      await settled();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      return {
        side: {
          seconds,
          pagesPerSecond: pages / seconds,
          serverCpuMsPerPage: (used.user + used.system) / 1000 / pages,
          creditsUsed: before - (await balance()),
        },
        result,
      };
    };

    const oneByOne = async (urls: readonly string[], show: (done: number) => void) => {
      let next = 0;
      let ok = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < urls.length) {
            const url = urls[next++]!;
            const { status, json } = await call('POST', '/api/v1/scrape/', { url, ...OPTIONS });
            if (status === 200 && json.data !== undefined) ok++;
            else failed++;
            show(ok + failed);
          }
        }),
      );
      return { ok, failed };
    };

    const batch = async (urls: readonly string[], show: (done: number) => void) => {
      const started = performance.now();
      const start = await call('POST', '/api/v1/scrape/batch', { urls, ...OPTIONS });
      if (start.status !== 200) throw new Error(`batch refused: ${start.status} ${JSON.stringify(start.json)}`);
      const id = start.json.id as string;
      let polls = 0;
      for (;;) {
        await sleep(POLL_MS);
        const { json } = await call('GET', `/api/v1/scrape/batch/${id}?limit=1`);
        polls++;
        show(Number(json.completed) + Number(json.failed));
        if (json.status !== 'scraping') break;
      }
      const secondsToCompleted = (performance.now() - started) / 1000;
      // What the client came for: every result, through the status pages.
      let ok = 0;
      let failed = 0;
      let path: string | undefined = `/api/v1/scrape/batch/${id}`;
      while (path !== undefined) {
        const { json }: { json: Record<string, unknown> } = await call('GET', path);
        for (const page of json.pages as Array<{ status: string; result?: unknown }>) {
          if (page.status === 'completed' && page.result !== undefined) ok++;
          else failed++;
        }
        // `next` is absolute on PUBLIC_URL (the test app's http://localhost): keep its path and query.
        path = typeof json.next === 'string' ? `${new URL(json.next).pathname}${new URL(json.next).search}` : undefined;
      }
      return { ok, failed, polls, secondsToCompleted };
    };

    // Warm-up on pages of their own: JIT, the worker pool's threads, the job queue's first job.
    await oneByOne(site.pages(8, 900_000), () => undefined);
    await batch(site.pages(8, 900_100), () => undefined);

    const results: Round[] = [];
    for (let round = 0; round < rounds; round++) {
      const first = 1 + round * 2 * pageCount;
      const single = await timed(pageCount, () => oneByOne(site.pages(pageCount, first), progress(`round ${round + 1}, one by one`, pageCount)));
      const batched = await timed(pageCount, () => batch(site.pages(pageCount, first + pageCount), progress(`round ${round + 1}, batch`, pageCount)));
      results.push({
        oneByOne: { ...single.side, ok: single.result.ok, failed: single.result.failed },
        batch: { ...batched.side, ...batched.result },
        load1: loadavg()[0]!,
      });
    }
    const audit = (await t.quarry.services.ledger.audit()).every((row) => row.balance === row.ledgerSum && row.openHolds === 0);

    if (values.json) {
      console.log(JSON.stringify({ dialect, pages: pageCount, concurrency, rounds: results, audit }, null, 2));
      return;
    }
    console.log(
      `\n${dialect} — ${pageCount} distinct pages (~6 KB HTML) each side, concurrency ${concurrency} (BATCH_PAGE_CONCURRENCY), render never, use_cache false`,
    );
    console.log('| round | how | pages/s | server CPU ms/page | × one by one (pages/s) | × one by one (CPU/page) | ok / failed | credits | load avg (1 min) |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    results.forEach((r, i) => {
      const line = (how: string, s: Side) =>
        `| ${i + 1} | ${how} | ${s.pagesPerSecond.toFixed(1)} | ${s.serverCpuMsPerPage.toFixed(2)} | ${(s.pagesPerSecond / r.oneByOne.pagesPerSecond).toFixed(2)} | ${(s.serverCpuMsPerPage / r.oneByOne.serverCpuMsPerPage).toFixed(2)} | ${s.ok} / ${s.failed} | ${s.creditsUsed} | ${r.load1.toFixed(2)} |`;
      console.log(line('one by one, POST /api/v1/scrape/ (baseline)', r.oneByOne));
      console.log(line('batch, POST /api/v1/scrape/batch', r.batch));
      console.log(
        `  batch: completed after ${r.batch.secondsToCompleted.toFixed(2)} s (${r.batch.polls} polls), every result read at ${r.batch.seconds.toFixed(2)} s`,
      );
    });
    console.log(`ledger audit after the run: ${audit ? 'clean' : 'MISMATCH'}`);
    if (!audit) process.exitCode = 1;
  } finally {
    await client.close();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
    await site.close();
  }
}

await onEachDialect(values.only, measure);
