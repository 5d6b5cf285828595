import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

/** A loopback port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let h: ScrapeHarness;
let deadPort: number;
let customer: { id: number; key: string };

beforeAll(async () => {
  deadPort = await closedPort();
  h = await startScrapeHarness({
    env: { SCRAPE_TIMEOUT_MS: '1000', SCRAPE_MAX_BYTES: String(1024 * 1024), SCRAPE_MAX_REDIRECTS: '3' },
    // A loopback port where nothing listens, to see a refused connection.
    allowedHosts: [`127.0.0.1:${deadPort}`],
  });
  customer = await h.t.customer(100);
});
afterAll(async () => h?.close());

/** A scrape that must fail with `status` and `body`, and cost nothing. */
async function expectFailure(path: string, status: number, body: unknown, payload: Record<string, unknown> = {}) {
  const before = await h.balance(customer.id);
  const url = path.startsWith('http') ? path : `${h.site.url}${path}`;
  const res = await h.scrape(customer.key, { url, formats: ['markdown'], use_cache: false, ...payload });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(body);
  expect(res.headers['x-credits-used']).toBeUndefined();
  expect(await h.balance(customer.id)).toBe(before);
}

const error = (pattern: RegExp) => ({ error: expect.stringMatching(pattern) });

describe('a target that answers without content', () => {
  it('answers 502 naming the status of a 404 page, and charges nothing', async () => {
    await expectFailure('/status/404', 502, { error: 'The target answered 404 Not Found.' });
  });

  it('answers 502 for a 500 page, without retrying it', async () => {
    await expectFailure('/status/500', 502, { error: 'The target answered 500 Internal Server Error.' });
    expect(h.site.requests().filter((r) => r.path === '/status/500')).toHaveLength(1);
  });

  it('refuses binary content with 415', async () => {
    await expectFailure('/image.png', 415, { error: 'The target sent content of type "image/png"; only HTML, XHTML, XML, plain text and PDF can be scraped.' });
  });
});

describe('a target that cannot be reached or read', () => {
  it('answers 504 when the target is slower than SCRAPE_TIMEOUT_MS', async () => {
    const started = Date.now();
    await expectFailure('/slow/first-byte?ms=5000', 504, { error: `The target did not answer within 1 s (${h.site.host}).` });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('answers 502 for a refused connection, naming the cause', async () => {
    await expectFailure(`http://127.0.0.1:${deadPort}/`, 502, error(/^The connection was refused \(127\.0\.0\.1:\d+/));
  });

  it('refuses bodies over SCRAPE_MAX_BYTES, declared, streamed or compressed', async () => {
    const tooLarge = { error: expect.stringMatching(/^The response is larger than 1 MiB/) };
    await expectFailure('/huge/declared?mb=3', 502, tooLarge);
    await expectFailure('/huge?mb=3', 502, tooLarge);
    await expectFailure('/compressed/gzip-bomb?mb=3', 502, tooLarge);
  });

  it('answers 502 for redirect loops and chains over SCRAPE_MAX_REDIRECTS', async () => {
    await expectFailure('/redirect/loop', 502, error(/redirects in a loop/));
    await expectFailure('/redirect/chain/5', 502, error(/redirected more than 3 times/));
  });

  it('answers 502 for a corrupt compressed body', async () => {
    await expectFailure('/compressed/corrupt', 502, error(/corrupt compressed body/));
  });

  it('refuses a redirect to another scheme under `url`', async () => {
    await expectFailure('/redirect/to-file', 400, { url: [expect.stringMatching(/scheme "file" is not supported/)] });
  });
});

describe('credits', () => {
  it('answers 402 before fetching anything when the account cannot cover the hold', async () => {
    const poor = await h.t.customer(0);
    const res = await h.scrape(poor.key, { url: `${h.site.url}/html/basic?poor`, formats: ['text'] });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits', credits_remaining: 0, upgrade_url: '/plans' });
    expect(h.site.requests().some((r) => r.path === '/html/basic?poor')).toBe(false);
  });

  it('leaves every hold settled and every balance equal to its ledger', async () => {
    await h.expectAuditClean();
  });
});
