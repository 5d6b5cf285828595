/**
 * The OpenAI-compatible side, judged by the official `openai` package pointed at the running
 * service (`baseURL` …/api/v1, the Quarry API key as its `apiKey`): completions, streams,
 * the model list, and API keys presented as `Authorization: Bearer`.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { fakeReply, fakeUsage, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';

let fake: FakeOpenAI;
let t: TestApp;
let baseURL: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  t = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_API_KEY: 'sk-upstream',
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MODEL: 'quarry-test-model',
      CHAT_RETRY_BASE_DELAY_MS: '5',
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
      PRICE_CHAT_PROMPT_PER_1K: '1000',
      PRICE_CHAT_COMPLETION_PER_1K: '2000',
    },
    { features: onlyFeatures('chat') },
  );
  await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.setScenario({ kind: 'ok' }));

const sdk = (apiKey: string, defaultHeaders: Record<string, string> = {}) => new OpenAI({ baseURL, apiKey, maxRetries: 0, defaultHeaders });
const messages = [{ role: 'user' as const, content: 'are you compatible' }];

async function balanceOnceSettled(userId: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const row = (await t.quarry.services.ledger.audit()).find((r) => r.userId === userId);
    if (row && row.openHolds === 0) return row.balance;
    await sleep(20);
  }
  throw new Error('hold never closed');
}

describe('chat.completions.create', () => {
  it('answers a completion under the service model, charged by usage', async () => {
    const c = await t.customer(10_000);
    const completion = await sdk(c.key).chat.completions.create({ model: 'gpt-4o', messages, max_tokens: 30 });
    const reply = fakeReply({ messages }).text;
    const usage = fakeUsage({ messages }, reply);
    const credits = usage.prompt_tokens + 2 * usage.completion_tokens;
    expect(completion.model).toBe('quarry-test-model');
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' });
    expect(completion.usage).toEqual({ ...usage, credits_used: credits, credits_remaining: 10_000 - credits });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'upstream-model', max_tokens: 30 });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-upstream');
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(10_000 - credits);
  });

  it('streams chunks the SDK reads, ending with usage and credits when asked for', async () => {
    const c = await t.customer(10_000);
    const stream = await sdk(c.key).chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true, stream_options: { include_usage: true } });
    let text = '';
    let finish: string | null | undefined;
    let usage: (OpenAI.CompletionUsage & { credits_used?: number; credits_remaining?: number }) | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.model).toBe('quarry-test-model');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(fakeReply({ messages }).text);
    expect(finish).toBe('stop');
    const credits = usage!.prompt_tokens + 2 * usage!.completion_tokens;
    expect(usage).toMatchObject({ credits_used: credits, credits_remaining: 10_000 - credits });
    expect(await balanceOnceSettled(c.id)).toBe(10_000 - credits);
  });

  it('streams without a usage chunk unless include_usage is set, and still charges', async () => {
    const c = await t.customer(10_000);
    const stream = await sdk(c.key).chat.completions.create({ model: 'x', messages, stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.some((chunk) => chunk.usage)).toBe(false);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(fakeReply({ messages }).text);
    expect(await balanceOnceSettled(c.id)).toBeLessThan(10_000);
  });

  it('takes the OpenAI body: developer role, text parts, max_completion_tokens', async () => {
    const c = await t.customer(10_000);
    await sdk(c.key).chat.completions.create({
      model: 'anything',
      messages: [
        { role: 'developer', content: 'be brief' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'part one' },
            { type: 'text', text: 'part two' },
          ],
        },
      ],
      max_completion_tokens: 12,
      top_p: 0.5,
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      model: 'upstream-model',
      max_tokens: 12,
      top_p: 0.5,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'part one\npart two' },
      ],
    });
  });

  it('raises the SDK errors for bad input and for an empty balance', async () => {
    const c = await t.customer(3);
    await expect(sdk(c.key).chat.completions.create({ model: 'x', messages: [{ role: 'tool', content: 'x', tool_call_id: '1' }] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(sdk(c.key).chat.completions.create({ model: 'x', messages, max_tokens: 100 })).rejects.toMatchObject({ status: 402 });
  });
});

describe('models', () => {
  it('lists and retrieves the service model and the answer model only', async () => {
    const c = await t.customer(0);
    const client = sdk(c.key);
    const listed = await client.models.list();
    expect(listed.data).toEqual([
      { id: 'quarry-test-model', object: 'model', created: expect.any(Number), owned_by: 'quarry' },
      { id: 'quarry-answer', object: 'model', created: expect.any(Number), owned_by: 'quarry' },
    ]);
    expect(await client.models.retrieve('quarry-test-model')).toMatchObject({ id: 'quarry-test-model' });
    await expect(client.models.retrieve('gpt-4o')).rejects.toMatchObject({ status: 404 });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(0);
  });
});

describe('API keys as Authorization: Bearer', () => {
  it('refuses an unknown key, and a login token, on the OpenAI routes', async () => {
    const c = await t.customer(100);
    await expect(sdk('qk_not_a_real_key').models.list()).rejects.toMatchObject({ status: 401 });
    await expect(sdk(c.access).chat.completions.create({ model: 'x', messages })).rejects.toMatchObject({ status: 401 });
  });

  it('lets an explicit X-API-KEY win over the Authorization header', async () => {
    const c = await t.customer(10_000);
    const completion = await sdk('junk', { 'x-api-key': c.key }).chat.completions.create({ model: 'x', messages, max_tokens: 10 });
    expect(completion.choices[0]?.message.content).toBe(fakeReply({ messages }).text);
  });

  it('takes a Bearer key on the contract route too; on account routes an API key reads the key list but never manages keys', async () => {
    const c = await t.customer(10_000);
    const asJwt = await fetch(`${baseURL}/api-keys/`, { headers: { authorization: `Bearer ${c.access}` } });
    expect(asJwt.status).toBe(200);
    const asKey = await fetch(`${baseURL}/api-keys/`, { headers: { authorization: `Bearer ${c.key}` } });
    expect(asKey.status).toBe(200);
    const minting = await fetch(`${baseURL}/api-keys/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(minting.status).toBe(403);
    const contractRoute = await fetch(`${baseURL}/chat/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages, max_tokens: 10 }),
    });
    expect(contractRoute.status).toBe(200); // every metered route takes a Bearer key (issue 16, item 22)
  });
});
