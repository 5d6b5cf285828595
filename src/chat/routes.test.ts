/**
 * `POST /api/v1/chat/` through the real application (SQLite, or PostgreSQL with
 * QUARRY_TEST_POSTGRES_URL) against the fake OpenAI-compatible upstream: the answer, the
 * token metering, the upstream's failures and what the ledger makes of each.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { fakeReply, fakeUsage, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { expectAuditClean } from '../../tests/support/ledger-watch.js';
import { createTokenCounter, type TokenCounter } from './tokens.js';

// One credit per prompt token and two per completion token, so charges are easy to predict.
const PRICES = { PRICE_CHAT_PROMPT_PER_1K: '1000', PRICE_CHAT_COMPLETION_PER_1K: '2000' };
const UPSTREAM_KEY = 'sk-upstream-very-secret';

function chatEnv(upstreamUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CHAT_UPSTREAM_URL: upstreamUrl,
    CHAT_UPSTREAM_API_KEY: UPSTREAM_KEY,
    CHAT_UPSTREAM_MODEL: 'upstream-model',
    CHAT_MODEL: 'quarry-test-model',
    CHAT_RETRY_BASE_DELAY_MS: '5',
    CHAT_TIMEOUT_MS: '1500',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    ...PRICES,
    ...extra,
  };
}

let fake: FakeOpenAI;
let t: TestApp;
let tokenizer: TokenCounter;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: UPSTREAM_KEY });
  t = await startTestApp(chatEnv(fake.url), { features: onlyFeatures('chat') });
  tokenizer = await createTokenCounter();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.setScenario({ kind: 'ok' }));

const chat = (key: string | undefined, payload: unknown, app: TestApp = t) =>
  app.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
  });

const ask = (content: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: 'user', content }], ...extra });

describe('a completion', () => {
  it('answers in the contract shape under the service model, charged by the upstream usage', async () => {
    const c = await t.customer(10_000);
    const payload = {
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'what is a quarry' },
      ],
      max_tokens: 50,
    };
    const res = await chat(c.key, payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const reply = fakeReply(payload).text;
    const usage = fakeUsage(payload, reply);
    const credits = usage.prompt_tokens + 2 * usage.completion_tokens;
    expect(body).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      model: 'quarry-test-model',
      created: expect.any(Number),
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        credits_used: credits,
        credits_remaining: 10_000 - credits,
      },
    });
    expect(res.headers['x-credits-used']).toBe(String(credits));
    expect(res.headers['x-credits-remaining']).toBe(String(10_000 - credits));
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(10_000 - credits);

    const sent = fake.requests.at(-1)!;
    expect(sent.body).toMatchObject({ model: 'upstream-model', temperature: 0.7, max_tokens: 50, stream: false, messages: payload.messages });
    expect(sent.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    await expectAuditClean(t);
  });

  it('sends the contract defaults upstream: temperature 0.7 and max_tokens 4096', async () => {
    const c = await t.customer(20_000);
    expect((await chat(c.key, ask('defaults please'))).statusCode).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ temperature: 0.7, max_tokens: 4096 });
  });

  it('reports a finish reason of length when max_tokens cut the answer', async () => {
    const c = await t.customer(10_000);
    const res = await chat(c.key, ask('one two three four five six', { max_tokens: 2 }));
    expect(res.json().choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'Echo: one ' } });
  });

  it('counts tokens itself when the upstream reports no usage', async () => {
    fake.setScenario({ kind: 'ok', usage: false });
    const c = await t.customer(10_000);
    const payload = ask('count these tokens for me, locally', { max_tokens: 40 });
    const res = await chat(c.key, payload);
    expect(res.statusCode).toBe(200);
    const reply = fakeReply(payload).text;
    const prompt = tokenizer.countPrompt(payload.messages);
    const completion = tokenizer.countText(reply);
    expect(prompt).not.toBe(fakeUsage(payload, reply).prompt_tokens); // the two counts are told apart
    expect(res.json().usage).toEqual({
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      credits_used: prompt + 2 * completion,
      credits_remaining: 10_000 - prompt - 2 * completion,
    });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(10_000 - prompt - 2 * completion);
    await expectAuditClean(t);
  });

  it('charges at most the hold when the upstream reports more tokens than the worst case', async () => {
    // The fake counts words of the prompt; a prompt of many one-character words is cheap locally.
    fake.setScenario({ kind: 'ok', reply: 'a b c d e f g h i j k l m n o p' });
    const c = await t.customer(10_000);
    const payload = ask('x', { max_tokens: 3 });
    const res = await chat(c.key, payload);
    const hold = tokenizer.countPrompt(payload.messages) + 2 * 3;
    expect(res.json().usage.credits_used).toBe(hold);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(10_000 - hold);
  });
});

describe('credits', () => {
  it('answers 402 with the contract body when the worst case cannot be held, and calls nobody', async () => {
    const c = await t.customer(5);
    const before = fake.requests.length;
    const res = await chat(c.key, ask('hello', { max_tokens: 100 }));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits', credits_remaining: 5, upgrade_url: '/plans' });
    expect(fake.requests.length).toBe(before);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(5);
  });

  it('never overspends a small balance under concurrent chats, and the charges add up', async () => {
    const start = 200;
    const c = await t.customer(start);
    fake.setScenario({ kind: 'ok', firstByteDelayMs: 30 });
    const payload = ask('spend it', { max_tokens: 20 });
    const hold = tokenizer.countPrompt(payload.messages) + 2 * 20;
    const answers = await Promise.all(Array.from({ length: 30 }, () => chat(c.key, payload)));

    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 402);
    expect(ok.length + refused.length).toBe(30);
    expect(ok.length).toBeGreaterThanOrEqual(Math.floor(start / hold));
    expect(refused.length).toBeGreaterThan(0);
    const spent = ok.reduce((sum, r) => sum + Number(r.json().usage.credits_used), 0);
    const balance = await t.quarry.services.ledger.balance(c.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(start - spent);
    for (const r of refused) expect(r.json().credits_remaining).toBeGreaterThanOrEqual(0);
    await expectAuditClean(t);
  });
});

describe('authentication', () => {
  it('refuses a missing or unknown key before anything else', async () => {
    for (const key of [undefined, 'qk_unknown']) {
      const res = await chat(key, { messages: [] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or inactive API key.' });
    }
  });

  it('takes JSON bodies only', async () => {
    const c = await t.customer(100);
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/',
      payload: 'messages=hi',
      headers: { 'x-api-key': c.key, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('validation, at every edge of the contract', () => {
  const user = (content = 'hi') => ({ role: 'user', content });
  const many = (count: number) => Array.from({ length: count }, () => user());
  let key: string;
  beforeAll(async () => {
    key = (await t.customer(10_000_000)).key;
  });

  it.each([
    [0, 400, { messages: ['This list may not be empty.'] }],
    [1, 200, undefined],
    [100, 200, undefined],
    [101, 400, { messages: ['Ensure this field has no more than 100 elements.'] }],
  ])('%i messages → %i', async (count, status, errors) => {
    const res = await chat(key, { messages: many(count), max_tokens: 5 });
    expect(res.statusCode).toBe(status);
    if (errors) expect(res.json()).toEqual(errors);
  });

  it.each([
    [50_000, 200, undefined],
    [50_001, 400, { messages: { '0': { content: ['Ensure this field has no more than 50000 characters.'] } } }],
  ])('content of %i characters → %i', async (length, status, errors) => {
    const res = await chat(key, { messages: [user('x'.repeat(length))], max_tokens: 5 });
    expect(res.statusCode).toBe(status);
    if (errors) expect(res.json()).toEqual(errors);
  });

  it.each([
    [-0.01, 400, { temperature: ['Ensure this value is greater than or equal to 0.'] }],
    [0, 200, undefined],
    [2, 200, undefined],
    [2.01, 400, { temperature: ['Ensure this value is less than or equal to 2.'] }],
  ])('temperature %d → %i', async (temperature, status, errors) => {
    const res = await chat(key, { messages: many(1), temperature, max_tokens: 5 });
    expect(res.statusCode).toBe(status);
    if (errors) expect(res.json()).toEqual(errors);
    if (status === 200) expect(fake.requests.at(-1)!.body).toMatchObject({ temperature });
  });

  it.each([
    [0, 400, { max_tokens: ['Ensure this value is greater than or equal to 1.'] }],
    [1, 200, undefined],
    [16_384, 200, undefined],
    [16_385, 400, { max_tokens: ['Ensure this value is less than or equal to 16384.'] }],
  ])('max_tokens %i → %i', async (maxTokens, status, errors) => {
    const res = await chat(key, { messages: many(1), max_tokens: maxTokens });
    expect(res.statusCode).toBe(status);
    if (errors) expect(res.json()).toEqual(errors);
    if (status === 200) expect(fake.requests.at(-1)!.body).toMatchObject({ max_tokens: maxTokens });
  });

  it('reports bad items nested under their index, DRF style', async () => {
    const messages = [user(), user(), user(), { role: 'tool', content: 'x' }, { content: 'no role' }];
    const res = await chat(key, { messages });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      messages: { '3': { role: ['"tool" is not a valid choice.'] }, '4': { role: ['This field is required.'] } },
    });
  });

  it('reports a missing body field and wrong types per field', async () => {
    expect((await chat(key, {})).json()).toEqual({ messages: ['This field is required.'] });
    const res = await chat(key, { messages: 'hi', temperature: 'warm', max_tokens: 1.5 });
    expect(res.json()).toEqual({
      messages: ['Expected a list of items but got type "str".'],
      temperature: ['A valid number is required.'],
      max_tokens: ['A valid integer is required.'],
    });
  });

  it('refuses fields the contract does not name, in the body and in messages, keyed by field', async () => {
    const c = await t.customer(50);
    const before = fake.requests.length;
    const res = await chat(c.key, { ...ask('hi'), tools: [], top_p: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ tools: ['This field is not accepted by this endpoint.'], top_p: ['This field is not accepted by this endpoint.'] });
    const nested = await chat(c.key, { messages: [{ role: 'user', content: 'hi', name: 'mallory' }] });
    expect(nested.json()).toEqual({ messages: { '0': { name: ['This field is not accepted by this endpoint.'] } } });
    expect(fake.requests.length).toBe(before);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(50);
  });

  it('holds nothing and calls nobody for bad input', async () => {
    const c = await t.customer(50);
    const before = fake.requests.length;
    await chat(c.key, { messages: many(101) });
    expect(fake.requests.length).toBe(before);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(50);
  });
});

describe('upstream failures', () => {
  it('retries a 429 after its Retry-After and then answers, charging once', async () => {
    fake.setScenario({ kind: 'status', status: 429, retryAfter: '1' }, { kind: 'ok' });
    const c = await t.customer(1000);
    const before = fake.requests.length;
    const started = Date.now();
    const res = await chat(c.key, ask('patience', { max_tokens: 10 }));
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.length - before).toBe(2);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000 - res.json().usage.credits_used);
  });

  it('answers 503 with Retry-After when the upstream stays rate limited, charging nothing', async () => {
    fake.setScenario({ kind: 'status', status: 429, retryAfter: '0' });
    const c = await t.customer(1000);
    const before = fake.requests.length;
    const res = await chat(c.key, ask('again', { max_tokens: 10 }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^The chat upstream is rate limited; try again later\b/) });
    expect(fake.requests.length - before).toBe(3); // the first attempt and two retries
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000);

    fake.setScenario({ kind: 'status', status: 429, retryAfter: '120' });
    const longWait = await chat(c.key, ask('again', { max_tokens: 10 }));
    expect(longWait.statusCode).toBe(503);
    expect(longWait.headers['retry-after']).toBe('120');
    await expectAuditClean(t);
  });

  it('retries a 500 and answers when the upstream recovers', async () => {
    fake.setScenario({ kind: 'status', status: 500 }, { kind: 'ok' });
    const c = await t.customer(1000);
    expect((await chat(c.key, ask('flaky', { max_tokens: 10 }))).statusCode).toBe(200);
  });

  it('answers 502 when the upstream keeps failing or sends a malformed body, charging nothing', async () => {
    const c = await t.customer(1000);
    for (const scenario of [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503 },
      { kind: 'malformed' },
      { kind: 'cut', afterChunks: 1 },
    ] as const) {
      fake.setScenario(scenario);
      const res = await chat(c.key, ask('broken', { max_tokens: 10 }));
      expect(res.statusCode, scenario.kind).toBe(502);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^The chat upstream is unavailable\b/) });
      expect(res.body).not.toContain('Fake failure');
    }
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000);
    await expectAuditClean(t);
  });

  it('answers 504 when the upstream does not answer in time, charging nothing', async () => {
    fake.setScenario({ kind: 'hang' });
    const c = await t.customer(1000);
    const res = await chat(c.key, ask('hello?', { max_tokens: 10 }));
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ error: 'The chat upstream did not answer in time.' });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000);
  });

  it('passes a conversation the upstream refuses back as 400, with its code but not its words', async () => {
    fake.setScenario({
      kind: 'status',
      status: 400,
      body: {
        error: {
          message: `This model's maximum context length is 8192 tokens (key ${UPSTREAM_KEY})`,
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    });
    const c = await t.customer(1000);
    const res = await chat(c.key, ask('too long', { max_tokens: 10 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The chat upstream rejected the request (context_length_exceeded).' });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000);
  });
});

describe('configuration', () => {
  it('never shows the upstream key, address or words when the upstream refuses our key', async () => {
    const other = await startTestApp(chatEnv(fake.url, { CHAT_UPSTREAM_API_KEY: 'sk-wrong-secret-key' }), { features: onlyFeatures('chat') });
    try {
      const c = await other.customer(1000);
      const res = await chat(c.key, ask('hi', { max_tokens: 5 }), other);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'The chat upstream rejected the request (invalid_api_key).' });
      for (const secret of ['sk-wrong', '127.0.0.1', new URL(fake.url).port, 'Incorrect']) expect(res.body).not.toContain(secret);
      await expectAuditClean(other);
    } finally {
      await other.close();
    }
  });

  it('answers 502 without retrying forever when nothing listens at the upstream address', async () => {
    const port = await freePort();
    const other = await startTestApp(chatEnv(`http://127.0.0.1:${port}/v1`), { features: onlyFeatures('chat') });
    try {
      const c = await other.customer(1000);
      const res = await chat(c.key, ask('anyone?', { max_tokens: 5 }), other);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'The chat upstream is unavailable.' });
      expect(res.body).not.toContain(String(port));
      expect(await other.quarry.services.ledger.balance(c.id)).toBe(1000);
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming the missing setting when no upstream is configured', async () => {
    const bare = await startTestApp({}, { features: onlyFeatures('chat') });
    try {
      const c = await bare.customer(1000);
      const message = 'Chat is not configured on this server (CHAT_UPSTREAM_URL is not set).';
      const res = await bare.quarry.app.inject({ method: 'POST', url: '/api/v1/chat/', payload: ask('hi'), headers: { 'x-api-key': c.key } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: message });
      const alias = await bare.quarry.app.inject({ method: 'POST', url: '/api/v1/chat/completions', payload: ask('hi'), headers: { 'x-api-key': c.key } });
      expect(alias.statusCode).toBe(503);
      expect(alias.json()).toEqual({ error: { message, type: 'server_error', param: null, code: 'service_unavailable' } });
      const models = await bare.quarry.app.inject({ method: 'GET', url: '/api/v1/models', headers: { authorization: `Bearer ${c.key}` } });
      expect(models.statusCode).toBe(503);
      expect((await chat(undefined, ask('hi'), bare)).statusCode).toBe(401);
      expect(await bare.quarry.services.ledger.balance(c.id)).toBe(1000);
    } finally {
      await bare.close();
    }
  });

  it('refuses to start with an upstream address but no upstream model', async () => {
    await expect(startTestApp({ CHAT_UPSTREAM_URL: fake.url }, { features: onlyFeatures('chat') })).rejects.toThrow(/CHAT_UPSTREAM_MODEL/);
  });
});

describe('the OpenAPI document', () => {
  it('describes the chat routes with named request and response bodies', async () => {
    const doc = (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' })).json();
    for (const path of ['/api/v1/chat/', '/api/v1/chat/completions', '/api/v1/models', '/api/v1/models/{model}']) expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths['/api/v1/chat/'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ChatRequest' });
    expect(doc.components.schemas.ChatCompletion.properties.usage.required).toEqual(
      expect.arrayContaining(['prompt_tokens', 'completion_tokens', 'total_tokens', 'credits_used', 'credits_remaining']),
    );
  });
});

/** A loopback port nothing listens on (it was free a moment ago). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
