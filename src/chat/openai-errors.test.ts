/**
 * Issue 16, item 22: the OpenAI-compatible alias answers every error in OpenAI's shape,
 * `{"error": {"message", "type", "param", "code"}}`, with the contract route's statuses, and
 * the official `openai` package reads them. The contract route keeps the contract's bodies.
 * Real app (SQLite, or PostgreSQL with QUARRY_TEST_POSTGRES_URL) and the fake upstream.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';

let fake: FakeOpenAI;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  t = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_API_KEY: 'sk-upstream',
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MODEL: 'quarry-test-model',
      THROTTLE_KEY_RATE: '3/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
    },
    { features: onlyFeatures('chat') },
  );
  origin = await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const messages = [{ role: 'user', content: 'hello' }];
const alias = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  t.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/chat/completions',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });

describe("the OpenAI alias's errors", () => {
  it('401: an unknown key', async () => {
    const res = await alias('qk_not_a_real_key', { messages });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { message: 'Invalid or inactive API key.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    expect(res.headers['www-authenticate']).toBeDefined();
  });

  it('402: not enough credits, with the balance and what the call needed in the message', async () => {
    const c = await t.customer(0);
    const res = await alias(c.key, { messages });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: {
        message: 'Insufficient credits (0 remaining; this call needs 1); buy more at /plans.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    });
  });

  it('400: field errors name the field as OpenAI does', async () => {
    const c = await t.customer(0);
    const other = await t.customer(0); // THROTTLE_KEY_RATE is 3/min here
    const bad = await alias(c.key, { messages, temperature: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'temperature', code: null } });
    const nested = await alias(c.key, { messages: [{ role: 'function', content: 'x' }] });
    expect(nested.json().error.param).toBe('messages[0].role');
    const blank = await alias(c.key, { messages: [{ role: 'user', content: '   ' }] });
    expect(blank.json()).toEqual({
      error: {
        message: 'messages: The conversation is blank: at least one message must have content.',
        type: 'invalid_request_error',
        param: 'messages',
        code: null,
      },
    });
    const broken = await alias(other.key, '{"messages": [');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.type).toBe('invalid_request_error');
  });

  it('415 and 404 too', async () => {
    const c = await t.customer(0);
    const form = await alias(c.key, 'messages=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toMatchObject({ type: 'invalid_request_error', param: null });
    const model = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/models/gpt-9', headers: { authorization: `Bearer ${c.key}` } });
    expect(model.statusCode).toBe(404);
    expect(model.json()).toEqual({ error: { message: "The model 'gpt-9' does not exist.", type: 'invalid_request_error', param: null, code: 'not_found' } });
  });

  it('429: throttled, with Retry-After, read by the openai package', async () => {
    const c = await t.customer(0);
    const client = new OpenAI({ baseURL: `${origin}/api/v1`, apiKey: c.key, maxRetries: 0 });
    for (let i = 0; i < 3; i++) await client.models.list();
    const failure = await client.models.list().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    expect(failure).toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'rate_limit_exceeded',
      message: expect.stringContaining('Request was throttled.'),
    });
    expect((failure as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("leaves the contract route's bodies as the contract says", async () => {
    const c = await t.customer(0);
    const res = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/chat/', payload: { messages }, headers: { 'x-api-key': c.key } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits', credits_remaining: 0, upgrade_url: '/plans' });
    const blank = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/chat/',
      payload: { messages: [{ role: 'user', content: ' \n ' }] },
      headers: { 'x-api-key': c.key },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ messages: ['The conversation is blank: at least one message must have content.'] });
  });

  it("documents the chat route's 402 and 415, and the alias's OpenAI error shape", async () => {
    const doc = (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' })).json();
    const chat = doc.paths['/api/v1/chat/'].post.responses;
    expect(chat['402'].content['application/json'].schema.$ref).toMatch(/InsufficientCredits$/);
    expect(chat['415']).toBeDefined();
    const completions = doc.paths['/api/v1/chat/completions'].post.responses;
    for (const status of ['400', '401', '402', '415', '429', '502', '503', '504']) {
      expect(completions[status].content['application/json'].schema.$ref, status).toMatch(/OpenAIError$/);
    }
  });
});
