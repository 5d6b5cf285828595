/**
 * Jina Reader over plain HTTP, as clients call r.jina.ai and s.jina.ai, against Quarry on loopback
 * with the fixture site as the pages and the local index as the search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatHarness, type CompatHarness } from '../../../tests/support/compat-harness.js';
import { expectPlainArticleText } from '../../../tests/support/plain-text.js';

describe('Jina Reader over HTTP', () => {
  let h: CompatHarness;
  let customer: Awaited<ReturnType<CompatHarness['t']['customer']>>;
  const read = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(`${h.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${customer.key}`, ...headers } });

  beforeAll(async () => {
    h = await startCompatHarness();
    customer = await h.t.customer(100);
  });
  afterAll(async () => h?.close());

  it('GET /r/<url> answers the Markdown page text for one scrape', async () => {
    const before = await h.balance(customer.id);
    const res = await read(`/r/${h.site.url}/html/basic`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toBe(`Title: Basic fixture page\n\nURL Source: ${h.site.url}/html/basic\n\nMarkdown Content:\n${text.split('Markdown Content:\n')[1]}`);
    expect(text).toContain('Hello from the fixture site.');
    expect(text.endsWith('\n')).toBe(true);
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('returns text or the JSON envelope on request, and POST /r/ takes the URL in the body', async () => {
    const text = await (await read(`/r/${h.site.url}/html/basic`, { 'x-return-format': 'text' })).text();
    expect(text).toContain('Hello from the fixture site.');
    expect(text).not.toContain('Markdown Content:');
    expectPlainArticleText(await (await read(`/r/${h.site.url}/html/article`, { 'x-return-format': 'text' })).text());

    const res = await read(
      '/r/',
      { accept: 'application/json', 'content-type': 'application/json', 'x-respond-with': 'markdown' },
      { method: 'POST', body: JSON.stringify({ url: `${h.site.url}/html/article` }) },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; status: number; data: { title: string; url: string; content: string } };
    expect(body.code).toBe(200);
    expect(body.status).toBe(20000);
    expect(body.data.title).toBe('An article with structure');
    expect(body.data.url).toBe(`${h.site.url}/html/article`);
    expect(body.data.content).toContain('#');
  });

  it('returns the page body without scripts or styles in html mode, charged as one scrape', async () => {
    const before = await h.balance(customer.id);
    const res = await read(`/r/${h.site.url}/html/basic`, { 'x-return-format': 'html', 'x-no-cache': 'true' });
    expect(res.status).toBe(200);
    // Untrusted HTML never goes out as text/html from Quarry's origin.
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toMatch(/<p[^>]*>Hello from the fixture site\.<\/p>/);
    expect(html).not.toMatch(/<(script|style|body|head)\b/i);
    expect(await h.balance(customer.id)).toBe(before - 1);

    const json = await read(
      '/r/',
      { accept: 'application/json', 'content-type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ url: `${h.site.url}/html/basic`, respondWith: 'html' }) },
    );
    const body = (await json.json()) as { code: number; data: { title: string; url: string; content: string } };
    expect(body.code).toBe(200);
    expect(body.data.title).toBe('Basic fixture page');
    expect(body.data.url).toBe(`${h.site.url}/html/basic`);
    expect(body.data.content).toContain('Hello from the fixture site.');
    await h.expectAuditClean();
  });

  it('reads a target URL longer than a router parameter may be', async () => {
    const res = await read(`/r/${h.site.url}/html/basic?${'q'.repeat(400)}=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`URL Source: ${h.site.url}/html/basic?${'q'.repeat(400)}=1`);
    // A long path reaches the target too (which answers 404 here): the router does not cut it off.
    expect((await read(`/r/${h.site.url}/${'p'.repeat(400)}`)).status).toBe(422);
  });

  it('serves the cache unless X-No-Cache', async () => {
    const before = h.site.requests().length;
    await read(`/r/${h.site.url}/html/links`);
    await read(`/r/${h.site.url}/html/links`);
    expect(h.site.requests().length).toBe(before + 1);
    await read(`/r/${h.site.url}/html/links`, { 'x-no-cache': 'true' });
    expect(h.site.requests().length).toBe(before + 2);
  });

  it("answers errors in Jina's envelope and charges nothing for them", async () => {
    const before = await h.balance(customer.id);
    const unsupported = await read(`/r/${h.site.url}/html/basic`, { 'x-target-selector': 'main' });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({
      data: null,
      code: 400,
      status: 40001,
      name: 'ParamValidationError',
      message: 'x-target-selector is not supported by this server',
    });
    expect((await read(`/r/${h.site.url}/html/basic`, { 'x-return-format': 'screenshot' })).status).toBe(400);

    const missing = await read(`/r/${h.site.url}/status/404`);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ code: 422, name: 'AssertionFailureError' });

    const plain = await read(`/r/${h.site.url}/status/404`, { accept: 'text/plain' });
    expect(await plain.text()).toMatch(/^AssertionFailureError: .*404/);
    expect(await h.balance(customer.id)).toBe(before);
  });

  it('GET /s/<query> searches and reads every result; no-content lists only', async () => {
    let before = await h.balance(customer.id);
    const res = await read('/s/basic%20fixture?count=1', { accept: 'application/json' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { title: string; url: string; content: string }[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.content).toContain('Hello from the fixture site.');
    expect(await h.balance(customer.id)).toBe(before - 2);

    before = await h.balance(customer.id);
    const listing = await (await read('/s/fixture?count=2', { 'x-respond-with': 'no-content' })).text();
    expect(listing).toMatch(/^\[1\] Title: .+\n\[1\] URL Source: http:\/\/127\.0\.0\.1/);
    expect(listing).toContain('[2] Title:');
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('serves html mode without the Firecrawl-compatible API, charged as one scrape', async () => {
    const off = await startCompatHarness({ COMPAT_FIRECRAWL: 'off' });
    try {
      const someone = await off.t.customer(10);
      const res = await fetch(`${off.baseUrl}/r/${off.site.url}/html/basic`, {
        headers: { authorization: `Bearer ${someone.key}`, 'x-return-format': 'html' },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<p[^>]*>Hello from the fixture site\.<\/p>/);
      expect(await off.balance(someone.id)).toBe(9);
    } finally {
      await off.close();
    }
  });

  it('fails a revoked key with AuthenticationRequiredError and leaves the ledger clean', async () => {
    const other = await h.t.customer(10);
    await h.revokeKey(other.access, other.keyId);
    const res = await fetch(`${h.baseUrl}/r/${h.site.url}/html/basic`, { headers: { authorization: `Bearer ${other.key}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, status: 40103, name: 'AuthenticationRequiredError', message: 'Invalid or inactive API key.' });
    expect((await fetch(`${h.baseUrl}/s/fixture`)).status).toBe(401);
    expect(await h.balance(other.id)).toBe(10);
    await h.expectAuditClean();
  });
});
