/**
 * `@tavily/core` asking for an answer (`includeAnswer`): Quarry's answer beside the results of the
 * one search it was drawn from, charged once as an answer, nothing when no answer comes.
 */
import { tavily } from '@tavily/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnswerHarness, type AnswerHarness } from '../../../tests/support/answer-harness.js';
import { watchLedger } from '../../../tests/support/ledger-watch.js';

let h: AnswerHarness;
beforeAll(async () => {
  h = await startAnswerHarness({}, { morePages: true });
});
afterAll(async () => h?.close());
beforeEach(() => {
  h.fake.requests.length = 0;
});

const client = (key: string) => tavily({ apiKey: key, apiBaseURL: `${h.baseUrl}/tavily` });

/** The URLs of the sources the model was given, by their number. */
function sourcesGiven(): string[] {
  const body = h.fake.requests.at(-1)!.body as { messages: Array<{ content: string }> };
  return [...body.messages.at(-1)!.content.matchAll(/^\[\d+\] .* \((http[^)\s]+)\)$/gm)].map((match) => match[1]!);
}

describe('Tavily include_answer through @tavily/core', () => {
  it('answers beside the results, its markers citing results, and charges the search once, as an answer', async () => {
    const { id, key } = await h.customer();
    const ledger = await watchLedger(h.t.quarry.db, id);
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'ok', reply: 'The first was Cordouan, lit in 1823 [1]. Keepers were wickies [2][9].' });
    const found = await client(key).search('lighthouse', { includeAnswer: true, includeUsage: true });

    const given = sourcesGiven();
    expect(given).toHaveLength(3); // `true` is `basic`: three pages read
    expect(found.answer).toBe('The first was Cordouan, lit in 1823 [1]. Keepers were wickies [2].');
    expect(found.results).toHaveLength(5);
    // `[k]` is the k-th result: the page the model knew as that number.
    expect(found.results[0]!.url).toBe(given[0]);
    expect(found.results[1]!.url).toBe(given[1]);
    for (const result of found.results) expect(result.url.startsWith(h.site.url)).toBe(true);

    const after = await h.balance(id);
    expect(found.usage?.credits).toBe(before - after);
    const entries = await ledger.next();
    expect(entries.filter((entry) => entry.kind === 'charge').map((entry) => entry.endpoint)).toEqual(['answer', 'answer']);
    expect(entries.some((entry) => entry.endpoint === 'search')).toBe(false);
    expect(await ledger.openHolds()).toBe(0);
    await h.expectAuditClean();
  });

  it("reads more pages for 'advanced', never more than the results asked for", async () => {
    const { key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: 'A lighthouse guides ships [1].' });
    const advanced = await client(key).search('lighthouse', { includeAnswer: 'advanced' });
    expect(sourcesGiven()).toHaveLength(5);
    expect(advanced.answer).toBe('A lighthouse guides ships [1].');

    await client(key).search('lighthouse', { includeAnswer: 'advanced', maxResults: 2 });
    expect(sourcesGiven()).toHaveLength(2);

    const none = await client(key).search('lighthouse', { includeAnswer: false });
    expect(none.answer).toBeNull();
  });

  it('charges nothing when the model fails or the search finds nothing, in Tavily’s error shape', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'status', status: 500 });
    await expect(client(key).search('lighthouse', { includeAnswer: true })).rejects.toThrow();
    const failed = await h.post('/tavily/search', key, { query: 'lighthouse', include_answer: 'basic', api_key: key });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { detail: { error: string } }).detail.error).toEqual(expect.any(String));

    h.fake.requests.length = 0;
    const empty = await h.post('/tavily/search', key, { query: 'zeppelin quasar marmalade', include_answer: true, api_key: key });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { detail: { error: string } }).detail.error).toContain('found no page');
    expect(h.fake.requests).toHaveLength(0);

    expect(await h.balance(id)).toBe(before);
    await h.expectAuditClean();
  });

  it('refuses raw content with an answer, before anything is held', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    await expect(client(key).search('lighthouse', { includeAnswer: true, includeRawContent: 'markdown' })).rejects.toThrow(
      'include_raw_content cannot be combined with include_answer',
    );
    expect(await h.balance(id)).toBe(before);
    expect(h.fake.requests).toHaveLength(0);
  });
});
