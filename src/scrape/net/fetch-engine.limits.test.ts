import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_TEXT, RECOVERED_TEXT, startFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { ScrapeNetworkError } from './errors.js';
import { createFetchEngine, type FetchEngine, type FetchEngineOptions } from './fetch-engine.js';

let site: FixtureSite;
let engine: FetchEngine;
const extraEngines: FetchEngine[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  engine = createFetchEngine({ allowedHosts: [site.host], retry: { baseDelayMs: 20 } });
});

afterAll(async () => {
  await Promise.all([engine, ...extraEngines].map((e) => e.close()));
  await site.close();
});

function engineWith(options: FetchEngineOptions): FetchEngine {
  const created = createFetchEngine({ allowedHosts: [site.host], ...options });
  extraEngines.push(created);
  return created;
}

async function failureOf(promise: Promise<unknown>): Promise<ScrapeNetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScrapeNetworkError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetch engine: compression', () => {
  it.each(['gzip', 'br', 'deflate', 'deflate-raw'])('decodes a %s body', async (coding) => {
    const page = await engine.fetch(`${site.url}/compressed/${coding}`);
    expect(page.headers['content-encoding']).toBe(coding === 'br' ? 'br' : coding.replace('-raw', ''));
    expect(page.text).toContain(`<p>${COMPRESSED_TEXT}</p>`);
  });

  it('stops a gzip bomb once the decoded size passes the cap', async () => {
    const small = engineWith({ maxBodyBytes: 1024 * 1024 });
    const started = performance.now();
    const error = await failureOf(small.fetch(`${site.url}/compressed/gzip-bomb?mb=16`));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe(`The response is larger than 1 MiB (${site.host}).`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reports a corrupt compressed body as a bad response', async () => {
    const error = await failureOf(engine.fetch(`${site.url}/compressed/corrupt`));
    expect(error.code).toBe('bad_response');
  });
});

describe('fetch engine: size and time caps', () => {
  it('refuses a body larger than the default 10 MiB cap', async () => {
    const error = await failureOf(engine.fetch(`${site.url}/huge?mb=12`));
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('10 MiB');
  });

  it('refuses at once when Content-Length already says too much', async () => {
    const small = engineWith({ maxBodyBytes: 100_000 });
    const error = await failureOf(small.fetch(`${site.url}/huge/declared?mb=1`));
    expect(error.code).toBe('too_large');
  });

  it('accepts a body just under the cap', async () => {
    const page = await engineWith({ maxBodyBytes: 2 * 1024 * 1024 }).fetch(`${site.url}/huge?mb=2`);
    expect(page.body.length).toBe(2 * 1024 * 1024);
  });

  it('times out waiting for the first byte', async () => {
    const impatient = engineWith({ headersTimeoutMs: 200 });
    const error = await failureOf(impatient.fetch(`${site.url}/slow/first-byte?ms=3000`));
    expect(error.code).toBe('timeout');
  });

  it('times out when the body stalls', async () => {
    const impatient = engineWith({ bodyTimeoutMs: 200 });
    const error = await failureOf(impatient.fetch(`${site.url}/slow/body?ms=1000&chunks=3`));
    expect(error.code).toBe('timeout');
  });

  it('enforces the total time cap even when every chunk is on time', async () => {
    const capped = engineWith({ totalTimeoutMs: 500 });
    const started = performance.now();
    const error = await failureOf(capped.fetch(`${site.url}/slow/body?ms=150&chunks=10`));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(`The target did not answer within 0.5 s (${site.host}).`);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failureOf(engine.fetch(`${site.url}/slow/first-byte?ms=3000`, { signal: controller.signal }));
    expect(error.code).toBe('aborted');
  });
});

describe('fetch engine: politeness', () => {
  it('queues requests beyond the per-host cap instead of failing them', async () => {
    const polite = engineWith({ maxConcurrentPerHost: 2 });
    const pages = await Promise.all(Array.from({ length: 6 }, () => polite.fetch(`${site.url}/concurrency/cap2?ms=150`)));
    expect(pages.every((page) => page.status === 200)).toBe(true);
    const stats = await polite.fetch(`${site.url}/concurrency/cap2/max`);
    expect(JSON.parse(stats.text ?? '{}')).toEqual({ max: 2 });
  });

  it('runs up to the default cap of 4 in parallel', async () => {
    await Promise.all(Array.from({ length: 8 }, () => engine.fetch(`${site.url}/concurrency/cap4?ms=150`)));
    const stats = await engine.fetch(`${site.url}/concurrency/cap4/max`);
    expect(JSON.parse(stats.text ?? '{}')).toEqual({ max: 4 });
  });

  it.each([429, 503])('retries a %i and returns the recovered page', async (status) => {
    const page = await engine.fetch(`${site.url}/flaky/${status}?key=backoff&failures=2`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(RECOVERED_TEXT);
    expect(page.fromRetry).toBe(2);
  });

  it('waits as long as Retry-After says, in seconds', async () => {
    const started = performance.now();
    const page = await engine.fetch(`${site.url}/flaky/429?key=seconds&failures=1&retry-after=1`);
    expect(page.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('understands Retry-After as an HTTP date', async () => {
    const page = await engine.fetch(`${site.url}/flaky/503?key=date&failures=1&retry-after=date`);
    expect(page.status).toBe(200);
    expect(page.fromRetry).toBe(1);
  });

  it('gives up after the retry budget and returns the last answer', async () => {
    const page = await engine.fetch(`${site.url}/flaky/503?key=stubborn&failures=5&retry-after=0`);
    expect(page.status).toBe(503);
    expect(page.fromRetry).toBe(2);
  });

  it('does not retry when the server asks for a longer wait than the cap', async () => {
    const page = await engine.fetch(`${site.url}/flaky/429?key=toolong&failures=1&retry-after=3600`);
    expect(page.status).toBe(429);
    expect(page.fromRetry).toBe(0);
  });

  it('does not retry other error statuses', async () => {
    const before = site.requests().filter((r) => r.path === '/status/500').length;
    await engine.fetch(`${site.url}/status/500`);
    expect(site.requests().filter((r) => r.path === '/status/500').length).toBe(before + 1);
  });
});
