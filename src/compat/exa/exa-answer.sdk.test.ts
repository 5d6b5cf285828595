/**
 * `exa-js` `answer()` and `streamAnswer()` against Quarry's `/exa/answer`: the answer, the pages it
 * cites as `citations` (in the order first cited, `[k]` naming the k-th), their passages as `text`,
 * one charge as an answer, nothing when no answer comes.
 */
import { Exa, type ExaError } from 'exa-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnswerHarness, type AnswerHarness } from '../../../tests/support/answer-harness.js';
import { ANSWER_PAGES } from '../../../tests/support/answer-site.js';
import { watchLedger } from '../../../tests/support/ledger-watch.js';

let h: AnswerHarness;
beforeAll(async () => {
  h = await startAnswerHarness();
});
afterAll(async () => h?.close());
beforeEach(() => {
  h.fake.requests.length = 0;
});

const exa = (key: string) => new Exa(key, `${h.baseUrl}/exa`);
const QUESTION = 'When was the Fresnel lens first used in a lighthouse?';
/** Cites the model's sources 3 then 1, with one number it was never given. */
const REPLY = 'The tallest is the Jeddah Light [3]. Cordouan was first, in 1823 [1][8]. Again the Jeddah Light [3].';
const REWRITTEN = 'The tallest is the Jeddah Light [1]. Cordouan was first, in 1823 [2]. Again the Jeddah Light [1].';

/** The URLs of the sources the model was given, by their number. */
function sourcesGiven(): string[] {
  const body = h.fake.requests.at(-1)!.body as { messages: Array<{ content: string }> };
  return [...body.messages.at(-1)!.content.matchAll(/^\[\d+\] .* \((http[^)\s]+)\)$/gm)].map((match) => match[1]!);
}

/** The page's paragraphs, the text a quote must come from. */
const paragraphsOf = (url: string) => ANSWER_PAGES.find((page) => url.endsWith(page.path))!.paragraphs;

describe('Exa /answer through exa-js', () => {
  it('answers with the cited pages as citations, in the order first cited, their passages as text, charged once as an answer', async () => {
    const { id, key } = await h.customer();
    const ledger = await watchLedger(h.t.quarry.db, id);
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'ok', reply: REPLY });
    const answered = await exa(key).answer(QUESTION, { text: true });

    const given = sourcesGiven();
    expect(given.length).toBeGreaterThanOrEqual(3);
    expect(answered.answer).toBe(REWRITTEN);
    expect(answered.citations.map((citation) => citation.url)).toEqual([given[2], given[0]]);
    for (const citation of answered.citations) {
      expect(citation.id).toBe(citation.url);
      expect(typeof citation.title).toBe('string');
      expect(citation).toHaveProperty('publishedDate');
      // exa-js types the whole answer's citations as search results; `text` is there when asked for.
      const { text } = citation as { text?: string };
      expect(paragraphsOf(citation.url).some((paragraph) => text!.includes(paragraph))).toBe(true);
    }
    expect(typeof answered.requestId).toBe('string');

    const entries = await ledger.next();
    const charges = entries.filter((entry) => entry.kind === 'charge');
    expect(charges.map((entry) => entry.endpoint)).toEqual(['answer', 'answer']);
    expect(charges.reduce((sum, entry) => sum - entry.amount, 0)).toBe(before - (await h.balance(id)));
    await h.expectAuditClean();

    const plain = await exa(key).answer(QUESTION);
    expect(plain.citations.length).toBe(2);
    for (const citation of plain.citations) expect(citation).not.toHaveProperty('text');
  });

  it('streams the answer as content chunks, then the citations', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'ok', reply: REPLY, chunkDelayMs: 2 });
    let content = '';
    const citations: Array<{ url: string; text?: string }> = [];
    let contentChunks = 0;
    for await (const chunk of exa(key).streamAnswer(QUESTION, { text: true })) {
      if (chunk.content !== undefined) {
        expect(citations).toEqual([]); // citations come last
        content += chunk.content;
        contentChunks++;
      }
      if (chunk.citations !== undefined) citations.push(...chunk.citations);
    }
    expect(contentChunks).toBeGreaterThan(1);
    expect(content).toBe(REWRITTEN);
    const given = sourcesGiven();
    expect(citations.map((citation) => citation.url)).toEqual([given[2], given[0]]);
    for (const citation of citations) expect(paragraphsOf(citation.url).some((paragraph) => citation.text!.includes(paragraph))).toBe(true);
    expect(await h.balance(id)).toBeLessThan(before);
    await h.expectAuditClean();
  });

  it('charges nothing when the model fails or the search finds nothing, in Exa’s error shape', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'status', status: 500 });
    const failed = await exa(key)
      .answer(QUESTION)
      .catch((error: ExaError) => error);
    expect((failed as ExaError).statusCode).toBe(502);
    const streamed = await (async () => {
      for await (const chunk of exa(key).streamAnswer(QUESTION)) void chunk;
    })().catch((error: ExaError) => error);
    expect((streamed as ExaError).statusCode).toBe(502);

    h.fake.requests.length = 0;
    const empty = await h.post('/exa/answer', key, { query: 'zeppelin quasar marmalade' });
    expect(empty.status).toBe(422);
    const body = (await empty.json()) as { requestId: string; error: string; tag: string };
    expect(body.error).toContain('found no page');
    expect(body.tag).toBe('INVALID_REQUEST');
    expect(h.fake.requests).toHaveLength(0);

    expect(await h.balance(id)).toBe(before);
    await h.expectAuditClean();
  });

  it('ends a stream the model cuts after its first words without citations, charging what was delivered, as the REST stream does', async () => {
    const { id, key } = await h.customer();
    const ledger = await watchLedger(h.t.quarry.db, id);
    h.fake.setScenario({ kind: 'stream-error' });
    const chunks = [];
    for await (const chunk of exa(key).streamAnswer(QUESTION)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((chunk) => chunk.citations !== undefined)).toBe(false);
    const charges = (await ledger.next()).filter((entry) => entry.kind === 'charge');
    expect(charges.map((entry) => entry.endpoint)).toEqual(['answer', 'answer']);
    expect(await ledger.openHolds()).toBe(0);
    await h.expectAuditClean();
  });

  it('refuses what it cannot honour, before anything is held', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    await expect(exa(key).answer(QUESTION, { systemPrompt: 'Answer in French.' })).rejects.toThrow('systemPrompt is not supported');
    await expect(exa(key).answer(QUESTION, { outputSchema: { type: 'object' } })).rejects.toThrow('outputSchema is not supported');
    const unknown = await h.post('/exa/answer', key, { query: QUESTION, temperature: 0 });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { tag: string }).tag).toBe('INVALID_REQUEST_BODY');
    expect(h.fake.requests).toHaveLength(0);
    expect(await h.balance(id)).toBe(before);
  });
});
