import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, PDF_TEXT, PLAIN_TEXT, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { ScrapeNetworkError } from './errors.js';
import { createFetchEngine, type FetchEngine } from './fetch-engine.js';

let site: FixtureSite;
let engine: FetchEngine;

beforeAll(async () => {
  site = await startFixtureSite();
  engine = createFetchEngine({ allowedHosts: [site.host] });
});

afterAll(async () => {
  await engine.close();
  await site.close();
});

async function failureOf(promise: Promise<unknown>): Promise<ScrapeNetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScrapeNetworkError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetch engine: pages and content types', () => {
  it('fetches an HTML page with its status, type, charset and timing', async () => {
    const page = await engine.fetch(`${site.url}/html/basic`);
    expect(page.status).toBe(200);
    expect(page.requestedUrl).toBe(`${site.url}/html/basic`);
    expect(page.finalUrl).toBe(`${site.url}/html/basic`);
    expect(page.contentType).toBe('text/html');
    expect(page.charset).toBe('utf-8');
    expect(page.text).toContain('<title>Basic fixture page</title>');
    expect(page.redirects).toEqual([]);
    expect(page.fromRetry).toBe(0);
    expect(page.timingMs).toBeGreaterThanOrEqual(0);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends the headers of a real Chrome navigation', async () => {
    const page = await engine.fetch(`${site.url}/echo/headers`);
    const received = JSON.parse(page.text ?? '{}') as Record<string, string>;
    expect(received['user-agent']).toMatch(/^Mozilla\/5\.0 .* Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    expect(received.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
    expect(received['accept-language']).toBe('en-US,en;q=0.9');
    expect(received['accept-encoding']).toMatch(/gzip, deflate, br/);
    expect(received['sec-fetch-mode']).toBe('navigate');
    expect(received['sec-fetch-dest']).toBe('document');
    expect(received['sec-ch-ua']).toContain('Chromium');
    expect(received.host).toBe(site.host);
  });

  it('lets the caller override a header', async () => {
    const page = await engine.fetch(`${site.url}/echo/headers`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect((JSON.parse(page.text ?? '{}') as Record<string, string>)['accept-language']).toBe('de-DE,de;q=0.9');
  });

  it('returns plain text decoded and binary bodies untouched', async () => {
    const text = await engine.fetch(`${site.url}/text`);
    expect(text.contentType).toBe('text/plain');
    expect(text.text).toBe(PLAIN_TEXT);

    const png = await engine.fetch(`${site.url}/image.png`);
    expect(png.contentType).toBe('image/png');
    expect(png.text).toBeUndefined();
    expect(png.charset).toBeUndefined();
    expect(png.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const pdf = await engine.fetch(`${site.url}/pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.text).toBeUndefined();
    expect(pdf.body.toString('latin1')).toMatch(/^%PDF-1\.4/);
    expect(pdf.body.toString('latin1')).toContain(PDF_TEXT);
  });

  it('returns error statuses as responses, since the target did answer', async () => {
    const missing = await engine.fetch(`${site.url}/status/404`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Status 404');
    const broken = await engine.fetch(`${site.url}/status/500`);
    expect(broken.status).toBe(500);
  });
});

describe('fetch engine: redirects', () => {
  it.each([301, 302, 303, 307, 308])('follows a %i redirect', async (code) => {
    const page = await engine.fetch(`${site.url}/redirect/${code}?to=/html/article`);
    expect(page.status).toBe(200);
    expect(page.finalUrl).toBe(`${site.url}/html/article`);
    expect(page.redirects).toEqual([`${site.url}/redirect/${code}?to=/html/article`]);
  });

  it('resolves a relative Location against the current URL', async () => {
    const page = await engine.fetch(`${site.url}/redirect/relative`);
    expect(page.finalUrl).toBe(`${site.url}/html/basic`);
  });

  it('records every hop of a chain', async () => {
    const page = await engine.fetch(`${site.url}/redirect/chain/3`);
    expect(page.redirects).toEqual([`${site.url}/redirect/chain/3`, `${site.url}/redirect/chain/2`, `${site.url}/redirect/chain/1`]);
    expect(page.finalUrl).toBe(`${site.url}/html/basic`);
  });

  it('stops after the redirect cap', async () => {
    const capped = createFetchEngine({ allowedHosts: [site.host], maxRedirects: 2 });
    try {
      await expect(capped.fetch(`${site.url}/redirect/chain/2`)).resolves.toMatchObject({ status: 200 });
      const error = await failureOf(capped.fetch(`${site.url}/redirect/chain/3`));
      expect(error.code).toBe('too_many_redirects');
      expect(error.message).toMatch(/more than 2 times/);
    } finally {
      await capped.close();
    }
  });

  it('detects a redirect loop', async () => {
    const error = await failureOf(engine.fetch(`${site.url}/redirect/loop`));
    expect(error.code).toBe('too_many_redirects');
    expect(error.message).toMatch(/loop/);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const error = await failureOf(engine.fetch(`${site.url}/redirect/to-file`));
    expect(error.code).toBe('unsupported_scheme');
  });
});
