/**
 * `model: "quarry-answer"` through the official `openai` client against Quarry on loopback: the
 * last user message answered from the answer site (local index + loopback pages) by the fake
 * upstream, with Perplexity's `citations` and `search_results`, whole and streamed; `[n]` in the
 * text is `citations[n-1]`, the source the model saw as number n. Charged on the ledger endpoint
 * `answer`, nothing when the model fails; fields an answer cannot honour are OpenAI-shaped 400s.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnswerHarness, type AnswerHarness } from '../../tests/support/answer-harness.js';
import { ANSWER_PAGES } from '../../tests/support/answer-site.js';
import { watchLedger } from '../../tests/support/ledger-watch.js';

let h: AnswerHarness;
beforeAll(async () => {
  h = await startAnswerHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.site.failing.clear();
  h.fake.requests.length = 0;
});

const sdk = (apiKey: string) => new OpenAI({ baseURL: `${h.baseUrl}/api/v1`, apiKey, maxRetries: 0 });

/** Perplexity's fields beside OpenAI's, as the client hands them over. */
interface WithSources {
  citations?: string[];
  search_results?: Array<{ title: string; url: string; date: string | null; snippet: string }>;
}

/** The sources the model was given, by the number it saw each under: `[n] title (url)` in the last prompt. */
function numberedInPrompt(): Map<number, string> {
  const body = h.fake.requests.at(-1)!.body as { messages: Array<{ content: string }> };
  const prompt = body.messages.map((message) => message.content).join('\n');
  return new Map([...prompt.matchAll(/^\[(\d+)\] .* \((http[^)]+)\)$/gm)].map((match) => [Number(match[1]), match[2]!]));
}

/** `[n]` → `citations[n-1]` is the source the model saw as n, and the numbers run 1..k without gaps. */
function expectCitationsAsSeen(citations: readonly string[]) {
  const seen = numberedInPrompt();
  expect([...seen.keys()]).toEqual(citations.map((_, index) => index + 1));
  for (const [n, url] of seen) expect(citations[n - 1]).toBe(url);
}

const QUESTION = 'Fresnel lens Cordouan 1823 and keepers trimming wicks';
const REPLY = 'Cordouan was the first, lit in 1823 [1]. Keepers trimmed wicks every four hours [2].';
const pageUrl = (path: string) => `${h.site.url}${path}`;

describe('model: "quarry-answer"', () => {
  it('is listed with the chat models', async () => {
    const { key } = await h.customer();
    const listed = await sdk(key).models.list();
    expect(listed.data.map((model) => model.id)).toContain('quarry-answer');
    expect(await sdk(key).models.retrieve('quarry-answer')).toMatchObject({ id: 'quarry-answer', object: 'model' });
  });

  it('answers the last user message from the web, with citations and search_results; [n] is citations[n-1]', async () => {
    const { id, key } = await h.customer();
    const ledger = await watchLedger(h.t.quarry.db, id);
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'ok', reply: REPLY });
    const { data: completion, response } = await sdk(key)
      .chat.completions.create({
        model: 'quarry-answer',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Tell me about lighthouses.' },
          { role: 'assistant', content: 'What would you like to know?' },
          { role: 'user', content: QUESTION },
        ],
        temperature: 0.2,
      })
      .withResponse();

    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('quarry-answer');
    expect(completion.choices[0]).toMatchObject({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: REPLY } });
    // The question searched and asked is the last user message, not the conversation before it.
    const asked = (h.fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages.at(-1)!.content;
    expect(asked).toContain(`Question: ${QUESTION}`);
    expect(asked).not.toContain('Tell me about lighthouses');

    const { citations, search_results } = completion as unknown as WithSources;
    expect(citations).toBeDefined();
    expectCitationsAsSeen(citations!);
    // The two subjects are on two pages: each marker names the page that says it.
    expect(citations![0]).toBe(pageUrl(ANSWER_PAGES[0]!.path));
    expect(citations![1]).toBe(pageUrl(ANSWER_PAGES[1]!.path));
    expect(search_results!.map((result) => result.url)).toEqual(citations);
    expect(search_results![0]).toEqual({ title: ANSWER_PAGES[0]!.title, url: citations![0], date: null, snippet: expect.any(String) });

    // Charged once, on the answer's own ledger endpoint: the search, the pages and the tokens.
    const usage = completion.usage as OpenAI.CompletionUsage & { credits_used: number; credits_remaining: number };
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.credits_remaining).toBe(before - usage.credits_used);
    expect(response.headers.get('x-credits-used')).toBe(String(usage.credits_used));
    expect(response.headers.get('x-credits-remaining')).toBe(String(usage.credits_remaining));
    const entries = await ledger.next();
    expect(new Set(entries.map((entry) => entry.endpoint))).toEqual(new Set(['answer']));
    expect(entries.filter((entry) => entry.kind === 'charge').reduce((sum, entry) => sum - entry.amount, 0)).toBe(usage.credits_used);
    await h.expectAuditClean();
  });

  it('removes a marker naming no source from the whole answer', async () => {
    const { key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: 'Cordouan, in 1823 [1][9].' });
    const completion = await sdk(key).chat.completions.create({ model: 'quarry-answer', messages: [{ role: 'user', content: QUESTION }] });
    expect(completion.choices[0]!.message.content).toBe('Cordouan, in 1823 [1].');
  });

  it('streams OpenAI chunks with citations and search_results on the first and the last, then [DONE]', async () => {
    const { id, key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: REPLY, chunkDelayMs: 2 });
    const stream = await sdk(key).chat.completions.create({
      model: 'quarry-answer',
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: Array<OpenAI.ChatCompletionChunk & WithSources> = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'quarry-answer')).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(REPLY);
    const withSources = chunks.filter((chunk) => chunk.citations !== undefined);
    expect(withSources).toHaveLength(2);
    expect(withSources[0]).toBe(chunks[0]);
    expect(withSources[1]!.choices[0]!.finish_reason).toBe('stop');
    expect(withSources[1]!.citations).toEqual(chunks[0]!.citations);
    expectCitationsAsSeen(chunks[0]!.citations!);
    expect(chunks[0]!.search_results!.map((result) => result.url)).toEqual(chunks[0]!.citations);

    const usage = chunks.at(-1)!.usage as OpenAI.CompletionUsage & { credits_remaining: number };
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(await h.balance(id)).toBe(usage.credits_remaining);
    await h.expectAuditClean();
  });

  it('charges nothing when the model fails, whole or streamed, and says so in OpenAI’s shape', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'status', status: 500 });
    await expect(sdk(key).chat.completions.create({ model: 'quarry-answer', messages: [{ role: 'user', content: QUESTION }] })).rejects.toMatchObject({
      status: 502,
      type: 'server_error',
    });
    h.fake.setScenario({ kind: 'status', status: 500 });
    await expect(
      sdk(key).chat.completions.create({ model: 'quarry-answer', messages: [{ role: 'user', content: QUESTION }], stream: true }),
    ).rejects.toMatchObject({ status: 502 });
    expect(await h.balance(id)).toBe(before);
    await h.expectAuditClean();
  });

  it('charges nothing when the search finds nothing to read', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    await expect(
      sdk(key).chat.completions.create({ model: 'quarry-answer', messages: [{ role: 'user', content: 'zeppelin quasar marmalade' }] }),
    ).rejects.toMatchObject({ status: 422, message: expect.stringContaining('found no page') });
    expect(await h.balance(id)).toBe(before);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('refuses what an answer cannot honour with an OpenAI-shaped 400 naming the field, before anything is held', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    const user = { role: 'user', content: QUESTION };
    const tool = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } };
    for (const [extra, param] of [
      [{ tools: [tool] }, 'tools'],
      [{ tool_choice: 'auto' }, 'tool_choice'],
      [{ response_format: { type: 'json_object' } }, 'response_format'],
      [{ n: 2 }, 'n'],
      [{ logprobs: true }, 'logprobs'],
      [{ web_search_options: { search_context_size: 'high' } }, 'web_search_options'],
      [{ messages: [{ role: 'system', content: 'Only a system message.' }] }, 'messages'],
      [{ messages: [{ role: 'user', content: '   ' }] }, 'messages[0].content'],
      [{ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }] }, 'messages[0].content[0]'],
    ] as const) {
      const res = await h.post('/api/v1/chat/completions', key, { model: 'quarry-answer', messages: [user], ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      const body = (await res.json()) as { error: { type: string; param: string | null; message: string } };
      expect(body.error, JSON.stringify(extra)).toMatchObject({ type: 'invalid_request_error', param });
    }
    expect(await h.balance(id)).toBe(before);
    expect(h.fake.requests).toHaveLength(0);
  });
});
