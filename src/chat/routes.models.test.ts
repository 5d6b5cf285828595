/**
 * Several chat models through the HTTP API (SQLite, or PostgreSQL with QUARRY_TEST_POSTGRES_URL),
 * driven by the official `openai` client: each model answered by its own loopback upstream and
 * charged at its own price; a model that fails before any output handing the call to its
 * fallback, charged once at the price of the model that answered; and a balance too small for
 * the default budget still answered, with a `max_tokens` it can pay for.
 */
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { deadUpstreamUrl, writeModelsFile, type ModelEntry } from '../../tests/support/chat-models.js';
import { fakeReply, fakeUsage, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { expectAuditClean } from '../../tests/support/ledger-watch.js';
import { chatCredits, type ChatPrices } from './pricing.js';
import { createTokenCounter, type TokenCounter } from './tokens.js';

// Whole credits per token, so that every charge is easy to check by hand.
const FAST: ChatPrices = { promptPer1k: 1000, completionPer1k: 2000 };
const SMART: ChatPrices = { promptPer1k: 3000, completionPer1k: 5000 };
const FLAKY: ChatPrices = { promptPer1k: 1000, completionPer1k: 1000 };
// The default prices of the single-upstream settings: 1 credit per 1,000 tokens.
const CHEAP: ChatPrices = { promptPer1k: 1, completionPer1k: 1 };

let fast: FakeOpenAI;
let smart: FakeOpenAI;
let flaky: FakeOpenAI;
let t: TestApp;
let baseURL: string;
let tokenizer: TokenCounter;

const entry = (id: string, url: string, prices: ChatPrices, extra: Partial<ModelEntry> = {}): ModelEntry => ({
  id,
  upstream_url: url,
  upstream_model: `upstream-${id}`,
  prompt_price_per_1k: prices.promptPer1k,
  completion_price_per_1k: prices.completionPer1k,
  context_length: 8192,
  ...extra,
});

beforeAll(async () => {
  [fast, smart, flaky] = await Promise.all([startFakeOpenAI({ apiKey: 'sk-fast' }), startFakeOpenAI({ apiKey: 'sk-smart' }), startFakeOpenAI()]);
  const dead = await deadUpstreamUrl();
  const file = writeModelsFile({
    default: 'fast',
    models: [
      entry('fast', fast.url, FAST, { api_key_env: 'FAST_KEY', tools: true }),
      entry('smart', smart.url, SMART, { api_key_env: 'SMART_KEY', images: true, tools: true }),
      entry('flaky', flaky.url, FLAKY, { fallbacks: ['smart'] }),
      entry('gone', dead, FLAKY, { fallbacks: ['fast'] }),
      entry('cheap', fast.url, CHEAP, { api_key_env: 'FAST_KEY' }),
      entry('tiny', fast.url, CHEAP, { api_key_env: 'FAST_KEY', context_length: 16 }),
      // Gateways name models by vendor: `meta-llama/llama-3.1-8b`.
      entry('meta-llama/llama-3.1-8b', fast.url, CHEAP, { api_key_env: 'FAST_KEY' }),
    ],
  });
  t = await startTestApp(
    {
      CHAT_MODELS_FILE: file,
      FAST_KEY: 'sk-fast',
      SMART_KEY: 'sk-smart',
      CHAT_MAX_RETRIES: '0',
      CHAT_TIMEOUT_MS: '5000',
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
    },
    { features: onlyFeatures('chat') },
  );
  await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}/api/v1`;
  tokenizer = await createTokenCounter();
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fast?.close(), smart?.close(), flaky?.close()]);
});
beforeEach(() => {
  for (const fake of [fast, smart, flaky]) fake.setScenario({ kind: 'ok' });
});

const sdk = (apiKey: string) => new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const messages = [{ role: 'user' as const, content: 'price this answer please' }];

/** What the fake upstream's reported usage costs at `prices`. */
function costOf(prices: ChatPrices, maxTokens: number): number {
  const body = { messages, max_tokens: maxTokens };
  const usage = fakeUsage(body, fakeReply(body).text);
  return chatCredits({ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }, prices);
}

async function balanceOf(key: string): Promise<number> {
  const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key } });
  return (res.json() as { credits_remaining: number }).credits_remaining;
}

async function ledgerOf(access: string): Promise<{ kind: string; amount: number }[]> {
  const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/credits/ledger/', headers: { authorization: `Bearer ${access}` } });
  const rows = (res.json() as { results: { kind: string; amount: number; endpoint: string | null }[] }).results;
  return rows.filter((row) => row.endpoint === 'chat').map(({ kind, amount }) => ({ kind, amount }));
}

describe('the models on offer', () => {
  it('lists every model of the file in OpenAI list format, then the answer model, and retrieves each', async () => {
    const c = await t.customer(0);
    const listed = await sdk(c.key).models.list();
    expect(listed.data.map((model) => model.id)).toEqual(['fast', 'smart', 'flaky', 'gone', 'cheap', 'tiny', 'meta-llama/llama-3.1-8b', 'quarry-answer']);
    expect(listed.data[0]).toEqual({ id: 'fast', object: 'model', created: expect.any(Number), owned_by: 'quarry' });
    expect(await sdk(c.key).models.retrieve('smart')).toMatchObject({ id: 'smart', object: 'model' });
    await expect(sdk(c.key).models.retrieve('nope')).rejects.toMatchObject({ status: 404 });
  });

  it('retrieves a model whose id holds a slash, escaped (as the OpenAI client sends it) or not (as curl users type it)', async () => {
    const c = await t.customer(0);
    expect(await sdk(c.key).models.retrieve('meta-llama/llama-3.1-8b')).toMatchObject({ id: 'meta-llama/llama-3.1-8b', object: 'model' });
    const raw = await fetch(`${baseURL}/models/meta-llama/llama-3.1-8b`, { headers: { authorization: `Bearer ${c.key}` } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toMatchObject({ id: 'meta-llama/llama-3.1-8b' });
    await expect(sdk(c.key).models.retrieve('meta-llama/nope')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a model not on offer with a 400 naming `model`, before any hold or upstream call', async () => {
    const c = await t.customer(1000);
    const before = fast.requests.length + smart.requests.length;
    const refused = await sdk(c.key)
      .chat.completions.create({ model: 'gpt-4o', messages })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, param: 'model', error: { param: 'model', type: 'invalid_request_error' } });
    expect(String((refused as Error).message)).toContain("'gpt-4o'");
    expect(fast.requests.length + smart.requests.length).toBe(before);
    expect(await balanceOf(c.key)).toBe(1000);
  });
});

describe('each model at its own price', () => {
  it('sends each model to its own upstream under its upstream name and charges its own price', async () => {
    const c = await t.customer(10_000);
    const fastAnswer = await sdk(c.key).chat.completions.create({ model: 'fast', messages, max_tokens: 50 });
    const smartAnswer = await sdk(c.key).chat.completions.create({ model: 'smart', messages, max_tokens: 50 });

    expect(fast.requests.at(-1)!.body).toMatchObject({ model: 'upstream-fast', max_tokens: 50 });
    expect(smart.requests.at(-1)!.body).toMatchObject({ model: 'upstream-smart', max_tokens: 50 });
    expect(fastAnswer.model).toBe('fast');
    expect(smartAnswer.model).toBe('smart');
    const fastCost = costOf(FAST, 50);
    const smartCost = costOf(SMART, 50);
    expect(smartCost).toBeGreaterThan(fastCost);
    expect(fastAnswer.usage).toMatchObject({ credits_used: fastCost });
    expect(smartAnswer.usage).toMatchObject({ credits_used: smartCost });
    expect(await balanceOf(c.key)).toBe(10_000 - fastCost - smartCost);
    const charges = (await ledgerOf(c.access)).filter((row) => row.kind === 'charge').map((row) => -row.amount);
    expect(charges.sort((a, b) => a - b)).toEqual([fastCost, smartCost]);
    await expectAuditClean(t);
  });

  it('answers with the default model when the request names none (the contract route too)', async () => {
    const c = await t.customer(10_000);
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/',
      headers: { 'content-type': 'application/json', 'x-api-key': c.key },
      payload: JSON.stringify({ messages, max_tokens: 50 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ model: 'fast', usage: { credits_used: costOf(FAST, 50) } });
    expect(fast.requests.at(-1)!.body).toMatchObject({ model: 'upstream-fast' });
  });
});

describe('fallbacks', () => {
  it('moves a call whose upstream answers 500 to the fallback, charged once at the fallback’s price', async () => {
    flaky.setScenario({ kind: 'status', status: 500 });
    const c = await t.customer(10_000);
    const flakyBefore = flaky.requests.length;
    const answer = await sdk(c.key).chat.completions.create({ model: 'flaky', messages, max_tokens: 50 });

    expect(flaky.requests.length).toBe(flakyBefore + 1);
    expect(smart.requests.at(-1)!.body).toMatchObject({ model: 'upstream-smart', max_tokens: 50 });
    expect(answer.model).toBe('smart');
    const smartCost = costOf(SMART, 50);
    expect(answer.usage).toMatchObject({ credits_used: smartCost, credits_remaining: 10_000 - smartCost });
    expect(await balanceOf(c.key)).toBe(10_000 - smartCost);
    // One hold covering the dearest model of the chain, one release of it, one charge.
    const prompt = tokenizer.countPrompt(messages);
    const held = Math.max(
      chatCredits({ promptTokens: prompt, completionTokens: 50 }, FLAKY),
      chatCredits({ promptTokens: prompt, completionTokens: 50 }, SMART),
    );
    expect(await ledgerOf(c.access)).toEqual([
      { kind: 'charge', amount: -smartCost },
      { kind: 'release', amount: held },
      { kind: 'hold', amount: -held },
    ]);
    await expectAuditClean(t);
  });

  it('moves a call whose upstream cannot be reached to the fallback', async () => {
    const c = await t.customer(10_000);
    const answer = await sdk(c.key).chat.completions.create({ model: 'gone', messages, max_tokens: 50 });
    expect(answer.model).toBe('fast');
    expect(answer.usage).toMatchObject({ credits_used: costOf(FAST, 50) });
    await expectAuditClean(t);
  });

  it('moves a stream that failed before any output to the fallback, which streams and is charged once', async () => {
    flaky.setScenario({ kind: 'status', status: 503 });
    const c = await t.customer(10_000);
    const stream = await sdk(c.key).chat.completions.create({
      model: 'flaky',
      messages,
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
    const seen: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) seen.push(chunk);

    expect(new Set(seen.map((chunk) => chunk.model))).toEqual(new Set(['smart']));
    expect(seen.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(fakeReply({ messages, max_tokens: 50 }).text);
    const smartCost = costOf(SMART, 50);
    expect(seen.at(-1)!.usage).toMatchObject({ credits_used: smartCost });
    expect(await balanceOf(c.key)).toBe(10_000 - smartCost);
    expect((await ledgerOf(c.access)).filter((row) => row.kind === 'charge')).toEqual([{ kind: 'charge', amount: -smartCost }]);
    await expectAuditClean(t);
  });

  it('never falls back once output began: the stream ends with an error event, charged for what was streamed', async () => {
    flaky.setScenario({ kind: 'cut', afterChunks: 2 });
    const c = await t.customer(10_000);
    const smartBefore = smart.requests.length;
    const stream = await sdk(c.key).chat.completions.create({ model: 'flaky', messages, max_tokens: 50, stream: true });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    ).rejects.toThrow(/unavailable/);
    expect(seen.join('')).toBe('Echo: price ');
    expect(smart.requests.length).toBe(smartBefore);
    const charged = chatCredits({ promptTokens: tokenizer.countPrompt(messages), completionTokens: tokenizer.countText('Echo: price ') }, FLAKY);
    await expectAuditClean(t);
    expect(await balanceOf(c.key)).toBe(10_000 - charged);
  });

  it('answers the fallback’s refusal when the whole chain fails, and charges nothing', async () => {
    flaky.setScenario({ kind: 'status', status: 500 });
    smart.setScenario({ kind: 'status', status: 502 });
    const c = await t.customer(10_000);
    await expect(sdk(c.key).chat.completions.create({ model: 'flaky', messages, max_tokens: 50 })).rejects.toMatchObject({ status: 502 });
    expect(await balanceOf(c.key)).toBe(10_000);
    await expectAuditClean(t);
  });

  it('does not fall back from a refusal of the conversation (a 400 is the client’s to fix)', async () => {
    flaky.setScenario({
      kind: 'status',
      status: 400,
      body: { error: { message: 'too long', type: 'invalid_request_error', code: 'context_length_exceeded' } },
    });
    const c = await t.customer(10_000);
    const smartBefore = smart.requests.length;
    await expect(sdk(c.key).chat.completions.create({ model: 'flaky', messages, max_tokens: 50 })).rejects.toMatchObject({ status: 400 });
    expect(smart.requests.length).toBe(smartBefore);
  });
});

describe('a balance that never blocks a call it could pay for', () => {
  it('answers "hi" without max_tokens on 3 credits, sending a max_tokens the balance covers and saying so', async () => {
    const c = await t.customer(3);
    const hi = [{ role: 'user' as const, content: 'hi' }];
    const { data, response } = await sdk(c.key).chat.completions.create({ model: 'cheap', messages: hi }).withResponse();

    const sent = fast.requests.at(-1)!.body as { max_tokens: number; model: string };
    expect(sent.model).toBe('upstream-cheap');
    const prompt = tokenizer.countPrompt(hi);
    // The most the balance pays for: 3 credits at 1 credit per 1,000 tokens, after the prompt.
    expect(sent.max_tokens).toBe(3000 - prompt);
    expect(chatCredits({ promptTokens: prompt, completionTokens: sent.max_tokens }, CHEAP)).toBeLessThanOrEqual(3);
    expect(response.headers.get('x-quarry-max-tokens')).toBe(String(sent.max_tokens));
    expect(data.usage).toMatchObject({ credits_used: 1, credits_remaining: 2 });
    await expectAuditClean(t);
  });

  it('says the budget it chose in the headers of a stream too', async () => {
    const c = await t.customer(3);
    const hi = [{ role: 'user' as const, content: 'hi' }];
    const { data: stream, response } = await sdk(c.key).chat.completions.create({ model: 'cheap', messages: hi, stream: true }).withResponse();
    const text: string[] = [];
    for await (const chunk of stream) text.push(chunk.choices[0]?.delta.content ?? '');
    expect(text.join('')).toBe('Echo: hi');
    expect(response.headers.get('x-quarry-max-tokens')).toBe(String(3000 - tokenizer.countPrompt(hi)));
    expect(fast.requests.at(-1)!.body).toMatchObject({ stream: true, max_tokens: 3000 - tokenizer.countPrompt(hi) });
    await expectAuditClean(t);
  });

  it("sends the model's own budget when the balance covers it", async () => {
    const c = await t.customer(10_000);
    const { response } = await sdk(c.key).chat.completions.create({ model: 'cheap', messages }).withResponse();
    expect(fast.requests.at(-1)!.body).toMatchObject({ max_tokens: 4096 });
    expect(response.headers.get('x-quarry-max-tokens')).toBe('4096');
  });

  it('sends what the client asked for, without the header, and refuses it when the balance cannot hold it', async () => {
    const c = await t.customer(3);
    const refused = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.key}` },
      payload: JSON.stringify({ model: 'fast', messages, max_tokens: 100 }),
    });
    expect(refused.statusCode).toBe(402);
    const needed = chatCredits({ promptTokens: tokenizer.countPrompt(messages), completionTokens: 100 }, FAST);
    expect(refused.headers['x-credits-needed']).toBe(String(needed));
    expect(refused.json().error.message).toBe(`Insufficient credits (3 remaining; this call needs ${needed}); buy more at /plans.`);
    expect(refused.headers['x-quarry-max-tokens']).toBeUndefined();
  });

  it('answers 402 only when the balance cannot pay for the prompt and one completion token, saying what the call needed', async () => {
    const c = await t.customer(3);
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.key}` },
      payload: JSON.stringify({ model: 'fast', messages }),
    });
    const needed = chatCredits({ promptTokens: tokenizer.countPrompt(messages), completionTokens: 1 }, FAST);
    expect(needed).toBeGreaterThan(3);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'insufficient_quota',
      message: `Insufficient credits (3 remaining; this call needs ${needed}); buy more at /plans.`,
    });
    expect(await balanceOf(c.key)).toBe(3);
  });

  it('keeps the contract body of a 402 on the contract route, the need in X-Credits-Needed', async () => {
    const c = await t.customer(2);
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/',
      headers: { 'content-type': 'application/json', 'x-api-key': c.key },
      payload: JSON.stringify({ messages, max_tokens: 100 }),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits', credits_remaining: 2, upgrade_url: '/plans' });
    expect(res.headers['x-credits-needed']).toBe(String(chatCredits({ promptTokens: tokenizer.countPrompt(messages), completionTokens: 100 }, FAST)));
  });

  it("refuses a conversation longer than the model's context before any hold", async () => {
    const c = await t.customer(10_000);
    const long = [{ role: 'user' as const, content: 'far too many words for a sixteen token context window, by a wide margin indeed' }];
    await expect(sdk(c.key).chat.completions.create({ model: 'tiny', messages: long })).rejects.toMatchObject({ status: 400, param: 'messages' });
    expect(await balanceOf(c.key)).toBe(10_000);
  });
});

describe("each model's own capabilities", () => {
  const picture = [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'what is in this picture?' },
        { type: 'image_url' as const, image_url: { url: 'https://images.example/cat.png' } },
      ],
    },
  ];
  const lookup = [{ type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }];

  // An image counts 765 prompt tokens, and smart's prompt costs 3 credits a token.
  it('passes an image part to a model the file says accepts images, and refuses it for one that does not', async () => {
    const c = await t.customer(100_000);
    await expect(sdk(c.key).chat.completions.create({ model: 'smart', messages: picture })).resolves.toMatchObject({ model: 'smart' });
    expect(JSON.stringify(smart.requests.at(-1)?.body)).toContain('https://images.example/cat.png');
    await expect(sdk(c.key).chat.completions.create({ model: 'fast', messages: picture })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("The model 'fast' does not accept images."),
    });
  });

  it('refuses tools for a model the file does not say accepts them, before any hold', async () => {
    const c = await t.customer(1000);
    await expect(sdk(c.key).chat.completions.create({ model: 'cheap', messages, tools: lookup })).rejects.toMatchObject({
      status: 400,
      param: 'tools',
      message: expect.stringContaining("The model 'cheap' does not accept tools."),
    });
    expect(await balanceOf(c.key)).toBe(1000);
    await expect(sdk(c.key).chat.completions.create({ model: 'fast', messages, tools: lookup })).resolves.toMatchObject({ model: 'fast' });
  });
});
