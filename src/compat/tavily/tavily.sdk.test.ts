/**
 * `@tavily/core` pointed at Quarry (`apiBaseURL: <quarry>/tavily`): search and extract over the
 * local index and the loopback fixture site, every call debiting the balance, the audit clean.
 */
import { tavily } from '@tavily/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatHarness, type CompatHarness } from '../../../tests/support/compat-harness.js';
import { expectPlainArticleText } from '../../../tests/support/plain-text.js';

describe('Tavily API through @tavily/core', () => {
  let h: CompatHarness;
  let customer: Awaited<ReturnType<CompatHarness['t']['customer']>>;
  const client = () => tavily({ apiKey: customer.key, apiBaseURL: `${h.baseUrl}/tavily` });

  beforeAll(async () => {
    h = await startCompatHarness();
    customer = await h.t.customer(100);
  });
  afterAll(async () => h?.close());

  it('searches the web and charges one search', async () => {
    const before = await h.balance(customer.id);
    const answer = await client().search('fixture', { maxResults: 3 });
    expect(answer.query).toBe('fixture');
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.length).toBeLessThanOrEqual(3);
    for (const result of answer.results) {
      expect(result.url.startsWith(h.site.url)).toBe(true);
      expect(typeof result.title).toBe('string');
      expect(typeof result.content).toBe('string');
      expect(result.score).toBeGreaterThan(0);
    }
    expect(typeof answer.responseTime).toBe('number');
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('filters by domain, adds raw content with one scrape per result, and reports usage', async () => {
    const before = await h.balance(customer.id);
    const answer = await client().search('basic fixture', { maxResults: 1, includeDomains: ['127.0.0.1'], includeRawContent: 'markdown', includeUsage: true });
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]!.rawContent).toContain('Hello from the fixture site');
    expect(await h.balance(customer.id)).toBe(before - 2);

    const excluded = await client().search('fixture', { excludeDomains: ['127.0.0.1'] });
    expect(excluded.results).toEqual([]);
  });

  it('maps time_range and topic', async () => {
    const news = await client().search('fixture', { topic: 'news', timeRange: 'week' });
    expect(Array.isArray(news.results)).toBe(true);
  });

  it('refuses what it cannot honour the way Tavily refuses a bad request', async () => {
    const before = await h.balance(customer.id);
    // Answers need a chat model, which this server has none of (answers: tavily-answer.sdk.test.ts).
    await expect(client().search('fixture', { includeAnswer: true })).rejects.toThrow('Chat is not configured on this server');
    await expect(client().search('fixture', { topic: 'finance' })).rejects.toThrow('topic must be one of general, news');
    await expect(client().search('fixture', { someNewOption: 1 } as never)).rejects.toThrow('someNewOption is not supported');
    const res = await fetch(`${h.baseUrl}/tavily/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'fixture', api_key: customer.key, max_results: 50 }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toContain('max_results');
    expect(await h.balance(customer.id)).toBe(before);
  });

  it('takes the key from the body (older clients)', async () => {
    const res = await fetch(`${h.baseUrl}/tavily/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'fixture', api_key: customer.key }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: unknown[]; images: unknown[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.images).toEqual([]);
  });

  it('extracts pages, listing the ones that fail, and charges each page read', async () => {
    const before = await h.balance(customer.id);
    const answer = await client().extract([`${h.site.url}/html/article`, `${h.site.url}/status/404`, 'not a url']);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]!.url).toBe(`${h.site.url}/html/article`);
    expect(answer.results[0]!.rawContent).toContain('#');
    expect(answer.failedResults.map((f) => f.url)).toEqual([`${h.site.url}/status/404`, 'not a url']);
    expect(answer.failedResults[0]!.error).toMatch(/404/);
    expect(await h.balance(customer.id)).toBe(before - 1);

    const text = await client().extract([`${h.site.url}/html/basic`], { format: 'text' });
    expect(text.results[0]!.rawContent).toContain('Hello from the fixture site.');
    expect(text.results[0]!.rawContent).not.toContain('#');
    const article = await client().extract([`${h.site.url}/html/article`], { format: 'text' });
    expectPlainArticleText(article.results[0]!.rawContent);
  });

  it('reports an out-of-credits account as Tavily reports a plan limit (432)', async () => {
    const poor = await h.t.customer(0);
    await expect(tavily({ apiKey: poor.key, apiBaseURL: `${h.baseUrl}/tavily` }).search('fixture')).rejects.toThrow(/credits/i);
    const res = await fetch(`${h.baseUrl}/tavily/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${poor.key}` },
      body: '{"query":"fixture"}',
    });
    expect(res.status).toBe(432);
  });

  it('fails a revoked key the way the SDK reports an auth error, and leaves the ledger clean', async () => {
    const other = await h.t.customer(10);
    await h.revokeKey(other.access, other.keyId);
    const revoked = tavily({ apiKey: other.key, apiBaseURL: `${h.baseUrl}/tavily` });
    await expect(revoked.search('fixture')).rejects.toThrow('Invalid or inactive API key.');
    await expect(revoked.extract([`${h.site.url}/html/basic`])).rejects.toThrow('Invalid or inactive API key.');
    const res = await fetch(`${h.baseUrl}/tavily/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"fixture"}' });
    expect(res.status).toBe(401);
    expect(await h.balance(other.id)).toBe(10);
    await h.expectAuditClean();
  });

  it("passes the throttle on as Tavily's 429 with Retry-After", async () => {
    const slow = await startCompatHarness({ THROTTLE_KEY_RATE: '1/hour' });
    try {
      const user = await slow.t.customer(10);
      const client = tavily({ apiKey: user.key, apiBaseURL: `${slow.baseUrl}/tavily` });
      await client.search('fixture');
      const res = await fetch(`${slow.baseUrl}/tavily/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.key}` },
        body: '{"query":"fixture"}',
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { detail: { error: string } }).detail.error).toMatch(/throttled/i);
      expect(await slow.balance(user.id)).toBe(9);
    } finally {
      await slow.close();
    }
  });

  it('is off when COMPAT_TAVILY=false', async () => {
    const off = await startCompatHarness({ COMPAT_TAVILY: 'false' });
    try {
      const res = await fetch(`${off.baseUrl}/tavily/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"x"}' });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
