/**
 * Issue 16, item 2: a page of deeply nested elements must not stall the event loop. Ten such
 * pages (1.5 MiB each, never-closed elements of eight shapes) are scraped at once through the
 * real server over loopback, and scraped pages go into the index (INDEX_SCRAPES, the default).
 * Before the fix, each page held the event loop for seconds to tens of seconds.
 *
 * Two measures: how long the event loop ran our code without yielding (CPU time of the main
 * thread per gap between turns, so a shared machine that merely does not schedule us is not
 * counted), held under 250 ms; and /healthz latency from the client's side, whose p99 includes
 * such scheduling waits, held under a bound a loaded shared machine still meets. The strict goal
 * (p99 ≤ 100 ms) is measured by `npm run bench:nested`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { startHostileSite, type HostileSite } from '../support/hostile-pages.js';
import { percentile, probeLatency } from '../support/latency-probe.js';
import { monitorLoopStalls } from '../support/loop-stalls.js';

const PAGES = 10;
const STALL_BOUND_MS = 250;
// Wall-clock latency on a shared box (8 agents on 2 cores, load average above 15) includes several
// turns of a loop the operating system does not schedule: measured there, p99 was 0.3–1 s with our
// own code never running for more than ~20 ms at a stretch. Before the fix it was tens of seconds.
const P99_BOUND_MS = 3_000;

describe('deeply nested pages scraped at once', () => {
  let site: HostileSite;
  let t: TestApp;
  let base: string;
  let key: string;

  beforeAll(async () => {
    site = await startHostileSite();
    t = await startTestApp({ SCRAPE_ALLOWED_HOSTS: site.host, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' });
    base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    key = (await t.customer(1_000)).key;
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const scrape = (path: string) =>
    fetch(`${base}/api/v1/scrape/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ url: `${site.url}${path}`, formats: ['markdown', 'json'], render: 'never', use_cache: false }),
    });

  it('keeps /healthz answering while they are read and indexed', async () => {
    // One ordinary scrape first: the worker threads start on first use, and their start is not what is measured.
    expect((await scrape('/plain')).status).toBe(200);

    const stalls = monitorLoopStalls();
    const probe = probeLatency(`${base}/healthz`);
    const answers = await Promise.all(Array.from({ length: PAGES }, (_, n) => scrape(`/nested/${n}`)));
    const bodies = await Promise.all(
      answers.map(async (res) => ({ status: res.status, body: (await res.json()) as { data: { metadata: { title: string } } } })),
    );
    // The index reads each page after its answer: wait until that is done too.
    while (t.quarry.services.offload.pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies = await probe.stop();
    const { longestGapMs, longestCpuBoundMs } = stalls.stop();

    bodies.forEach(({ status, body }, n) => {
      expect(status, `page ${n}`).toBe(200);
      expect(body.data.metadata.title, `page ${n}`).toBe(`Nested page ${n}`);
    });
    expect(latencies.length).toBeGreaterThan(20);
    const p99 = percentile(latencies, 99);
    const report = `healthz p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; longest loop gap ${longestGapMs.toFixed(0)} ms, of which CPU ${longestCpuBoundMs.toFixed(0)} ms`;
    expect(longestCpuBoundMs, report).toBeLessThan(STALL_BOUND_MS);
    expect(p99, report).toBeLessThan(P99_BOUND_MS);
  }, 120_000);
});
