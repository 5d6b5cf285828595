/**
 * The dashboard's first load: the JS and CSS bytes a fresh browser fetches for the login page
 * (as transferred, and gzip -9 of the same files, the budget being 250 KB gzip), and the time
 * until the login form is interactive, over loopback in headless Chromium, fresh context (cold
 * cache) each run. Baseline in the same run: the bare index.html alone, no script.
 *
 *   npm run bench:dashboard -- [--runs 15]
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { startTestApp } from '../tests/support/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureDashboardBuilt } from '../tests/support/dashboard.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

ensureDashboardBuilt();
const t = await startTestApp();
await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

const interactive: number[] = [];
const bare: number[] = [];
let transferred = 0;
let gzipped = 0;
let files: string[] = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = new Map<string, Buffer>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|css/.test(type)) assets.set(response.url(), await response.body());
  });
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor({ state: 'visible' });
  await page.getByLabel('Email').fill('x@example.com'); // the form takes input: interactive
  interactive.push(await page.evaluate(() => performance.now()));
  if (run === 0) {
    files = [...assets.keys()].map((u) => new URL(u).pathname);
    transferred = [...assets.values()].reduce((n, b) => n + b.length, 0);
    gzipped = [...assets.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  }
  await context.close();

  // Baseline: the same document with scripts blocked, i.e. what the network and parser alone cost.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(`${url}/login`, { waitUntil: 'load' });
  bare.push(await plainPage.evaluate(() => performance.timing.loadEventEnd - performance.timing.navigationStart).catch(() => NaN));
  await plain.close();
}
await browser.close();
await t.close();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`first load of /login: ${files.length} JS/CSS files (${files.join(', ')})`);
console.log(`  transferred: ${kb(transferred)} (the server sends them uncompressed); gzip -9: ${kb(gzipped)} of the 250 KB budget`);
console.log(
  `time to login-interactive over loopback, cold cache, ${runs} runs: median ${median(interactive).toFixed(0)} ms, p95 ${p95(interactive).toFixed(0)} ms`,
);
console.log(`baseline (same document, JavaScript off, load event): median ${median(bare.filter(Number.isFinite)).toFixed(0)} ms`);
