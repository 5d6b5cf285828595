/**
 * `exa-js` pointed at Quarry (`new Exa(key, "<quarry>/exa")`): search and contents over the local
 * index and the loopback fixture site, every call debiting the balance, the audit clean.
 */
import { Exa } from 'exa-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatHarness, type CompatHarness } from '../../../tests/support/compat-harness.js';
import { expectPlainArticleText } from '../../../tests/support/plain-text.js';

describe('Exa API through exa-js', () => {
  let h: CompatHarness;
  let customer: Awaited<ReturnType<CompatHarness['t']['customer']>>;
  const exa = () => new Exa(customer.key, `${h.baseUrl}/exa`);

  beforeAll(async () => {
    h = await startCompatHarness();
    customer = await h.t.customer(100);
  });
  afterAll(async () => h?.close());

  it('searches without contents for one search credit', async () => {
    const before = await h.balance(customer.id);
    const answer = await exa().search('fixture', { numResults: 2, contents: false });
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.length).toBeLessThanOrEqual(2);
    for (const result of answer.results) {
      expect(result.id).toBe(result.url);
      expect(result.url.startsWith(h.site.url)).toBe(true);
      expect(result).toHaveProperty('publishedDate');
      expect(result).toHaveProperty('author');
      expect(result).not.toHaveProperty('text');
    }
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('searches with text (the SDK default) and highlights, one scrape per result', async () => {
    const before = await h.balance(customer.id);
    const answer = await exa().searchAndContents('basic fixture', {
      numResults: 1,
      text: { maxCharacters: 12 },
      highlights: true,
      includeDomains: ['127.0.0.1'],
    });
    expect(answer.results).toHaveLength(1);
    const [result] = answer.results;
    expect(result!.title).toBe('Basic fixture page');
    expect(result!.text).toHaveLength(12);
    expect(result!.highlights?.length).toBe(1);
    expect(await h.balance(customer.id)).toBe(before - 2);

    const defaults = await exa().search('basic fixture', { numResults: 1 });
    expect(defaults.results[0]!.text).toContain('Hello from the fixture site.');
  });

  it('applies excludeDomains and startPublishedDate', async () => {
    const excluded = await exa().search('fixture', { excludeDomains: ['127.0.0.1'], contents: false });
    expect(excluded.results).toEqual([]);
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const none = await exa().search('fixture', { startPublishedDate: future, contents: false });
    expect(none.results).toEqual([]);
    const past = await exa().search('fixture', { startPublishedDate: '2020-01-01', contents: false });
    expect(past.results.length).toBeGreaterThan(0);
  });

  it('gets contents, reporting a page that fails in statuses', async () => {
    const before = await h.balance(customer.id);
    const answer = await exa().getContents([`${h.site.url}/html/article`, `${h.site.url}/status/500`], { text: true });
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]!.url).toBe(`${h.site.url}/html/article`);
    expectPlainArticleText(answer.results[0]!.text ?? '');
    const statuses = (answer as unknown as { statuses: { id: string; status: string }[] }).statuses;
    expect(statuses.map((s) => s.status)).toEqual(['success', 'error']);
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('refuses options it cannot honour with an Exa 400', async () => {
    const before = await h.balance(customer.id);
    await expect(exa().search('fixture', { category: 'company' })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('category') });
    await expect(exa().search('fixture', { contents: { summary: true } })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('summary'),
    });
    expect(await h.balance(customer.id)).toBe(before);
  });

  it('fails a revoked key with an ExaError 401 and leaves the ledger clean', async () => {
    const other = await h.t.customer(10);
    await h.revokeKey(other.access, other.keyId);
    const revoked = new Exa(other.key, `${h.baseUrl}/exa`);
    await expect(revoked.search('fixture')).rejects.toMatchObject({ statusCode: 401, message: 'Invalid or inactive API key.' });
    await expect(revoked.getContents([`${h.site.url}/html/basic`])).rejects.toMatchObject({ statusCode: 401 });
    expect(await h.balance(other.id)).toBe(10);
    await h.expectAuditClean();
  });
});
