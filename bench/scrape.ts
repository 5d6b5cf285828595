/**
 * Pages per second through `POST /api/v1/scrape/` end to end (HTTP → auth → throttle → hold →
 * fetch or render → extract → settle → JSON), against the local fixture site, at several
 * concurrencies, with `use_cache: false`. In the same run and at the same concurrency, the
 * baseline fetches the same pages directly (a bare GET of their bytes) and, for the browser,
 * also renders them with the browser engine alone — the cost of everything around it.
 *
 *   npm run bench:scrape -- [--seconds 5] [--browser-seconds 8] [--concurrency 1,8,32]
 *                           [--host-concurrency 64] [--contexts 4] [--no-browser] [--json]
 *
 * `--host-concurrency` is SCRAPE_HOST_CONCURRENCY: the fixture site is one host, so the
 * default politeness cap (4) would otherwise be what is measured. Needs nothing but loopback.
 */
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { startTestApp } from '../tests/support/app.js';
import { startFixtureSite, type FixtureSite } from '../tests/support/fixture-site.js';
import { createBrowserEngine, findChromium } from '../src/scrape/browser/index.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    'browser-seconds': { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '1,8,32' },
    'host-concurrency': { type: 'string', default: '64' },
    contexts: { type: 'string', default: '4' },
    'no-browser': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const fetchSeconds = Number(values.seconds);
const browserSeconds = Number(values['browser-seconds']);
const concurrencies = values.concurrency.split(',').map(Number);
const contexts = Number(values.contexts);

/** What the fetch engine gets: HTML of several shapes and charsets, compressed, PDF and text. */
const FETCH_PATHS = ['/html/article', '/html/basic', '/html/links', '/charset/windows-1251', '/compressed/gzip', '/compressed/br', '/text', '/pdf'];
/** What the browser gets: a page written by JavaScript (render auto) and static pages (render always). */
const BROWSER_PAGES: Array<{ path: string; render: 'auto' | 'always' }> = [
  { path: '/js/rendered', render: 'auto' },
  { path: '/html/article', render: 'always' },
  { path: '/html/basic', render: 'always' },
];

interface Figures {
  pagesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  done: number;
  errors: number;
}

interface Row extends Figures {
  engine: 'fetch' | 'browser';
  what: string;
  concurrency: number;
}

/** Closed loop: `concurrency` workers, each starting its next page when the last one finished. */
async function closedLoop(concurrency: number, seconds: number, one: (i: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = counter++;
        const t0 = performance.now();
        const ok = await one(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { pagesPerSecond: (latencies.length - errors) / elapsed, p50Ms: at(0.5), p95Ms: at(0.95), done: latencies.length, errors };
}

async function main(): Promise<void> {
  const site: FixtureSite = await startFixtureSite();
  const t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: site.host,
    SCRAPE_HOST_CONCURRENCY: values['host-concurrency'],
    BROWSER_CONTEXTS: String(contexts),
    THROTTLE_KEY_RATE: '100000000/min',
    THROTTLE_ACCOUNT_RATE: '100000000/min',
  });
  const client = new Agent({ connections: 256, pipelining: 1 });
  const browser = values['no-browser'] || !findChromium() ? undefined : createBrowserEngine({ allowedHosts: [site.host], maxContexts: contexts });
  const rows: Row[] = [];
  try {
    const customer = await t.customer(1_000_000_000);
    const origin = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });

    const scrape = async (path: string, render: string): Promise<boolean> => {
      const response = await request(`${origin}/api/v1/scrape/`, {
        method: 'POST',
        dispatcher: client,
        headers: { 'content-type': 'application/json', 'x-api-key': customer.key },
        body: JSON.stringify({ url: `${site.url}${path}`, formats: ['markdown'], use_cache: false, render }),
      });
      await response.body.text();
      return response.statusCode === 200;
    };
    const direct = async (path: string): Promise<boolean> => {
      const response = await request(`${site.url}${path}`, { dispatcher: client, headers: { 'accept-encoding': 'gzip, br' } });
      await response.body.arrayBuffer();
      return response.statusCode === 200;
    };
    const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
    // A distinct query per request (the fixture ignores it): identical concurrent scrapes would be
    // coalesced into one piece of work, which is a feature, not the throughput of fetching pages.
    const unique = (path: string, i: number) => `${path}?n=${i}`;

    // Warm-up: JIT, pdf.js, the first Chromium launch.
    for (const path of FETCH_PATHS) await scrape(path, 'never');
    if (browser) for (const page of BROWSER_PAGES) await scrape(page.path, page.render);

    for (const concurrency of concurrencies) {
      rows.push({
        engine: 'fetch',
        what: 'direct GET (baseline)',
        concurrency,
        ...(await closedLoop(concurrency, fetchSeconds, (i) => direct(unique(pick(FETCH_PATHS, i), i)))),
      });
      rows.push({
        engine: 'fetch',
        what: 'POST /api/v1/scrape/ render never',
        concurrency,
        ...(await closedLoop(concurrency, fetchSeconds, (i) => scrape(unique(pick(FETCH_PATHS, i), i), 'never'))),
      });
    }
    if (browser) {
      for (const concurrency of concurrencies) {
        rows.push({
          engine: 'browser',
          what: 'direct GET (baseline)',
          concurrency,
          ...(await closedLoop(concurrency, fetchSeconds, (i) => direct(unique(pick(BROWSER_PAGES, i).path, i)))),
        });
        const render = async (i: number) => (await browser.render(`${site.url}${unique(pick(BROWSER_PAGES, i).path, i)}`)).status === 200;
        rows.push({ engine: 'browser', what: 'browser engine alone', concurrency, ...(await closedLoop(concurrency, browserSeconds, render)) });
        const viaApi = (i: number) => scrape(unique(pick(BROWSER_PAGES, i).path, i), pick(BROWSER_PAGES, i).render);
        rows.push({ engine: 'browser', what: 'POST /api/v1/scrape/ (auto/always)', concurrency, ...(await closedLoop(concurrency, browserSeconds, viaApi)) });
      }
    }
    const audit = (await t.quarry.services.ledger.audit()).every((row) => row.balance === row.ledgerSum && row.openHolds === 0);

    if (values.json) {
      console.log(JSON.stringify({ rows, audit, hostConcurrency: Number(values['host-concurrency']), contexts }, null, 2));
      return;
    }
    console.log(
      `\nscrape throughput — SQLite, ${fetchSeconds}s (fetch) / ${browserSeconds}s (browser) per row, SCRAPE_HOST_CONCURRENCY ${values['host-concurrency']}, BROWSER_CONTEXTS ${contexts}, BROWSER_IDLE_CAP_MS default`,
    );
    console.log('| engine | what | concurrency | pages/s | p50 ms | p95 ms | pages | errors |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.engine} | ${row.what} | ${row.concurrency} | ${row.pagesPerSecond.toFixed(1)} | ${row.p50Ms.toFixed(1)} | ${row.p95Ms.toFixed(1)} | ${row.done} | ${row.errors} |`,
      );
    }
    if (!browser) console.log('(browser rows skipped: no Chromium, or --no-browser)');
    console.log(`ledger audit after the run: ${audit ? 'clean' : 'MISMATCH'}`);
  } finally {
    await browser?.close();
    await client.close();
    await t.close();
    await site.close();
  }
}

await main();
