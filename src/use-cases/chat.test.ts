/**
 * The chat operation without HTTP: a caller, a prepared conversation, the real ledger and a fake
 * OpenAI-compatible upstream. A whole answer is one hold settled on its tokens; a failure or a
 * caller gone charges nothing; a stream settles once, when it is read to its end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { createChatService, createChatUpstream, createTokenCounter, UpstreamError, type ChatUpstream } from '../chat/index.js';
import type { Caller } from '../credits/metered.js';
import { createChatUseCase, type ChatUseCase } from './chat.js';

const prices = { promptPer1k: 2, completionPer1k: 5 };
const conversation = { messages: [{ role: 'user' as const, content: 'tell me about the quarry gateway please' }], max_tokens: 50 };

let t: TestApp;
let fake: FakeOpenAI;
let upstream: ChatUpstream;
let chat: ChatUseCase;
let prepare: (stream: boolean) => ReturnType<ReturnType<typeof createChatService>['prepare']>;

beforeAll(async () => {
  t = await startTestApp();
  fake = await startFakeOpenAI();
  upstream = createChatUpstream({ baseUrl: fake.url, model: 'upstream-model', retryBaseDelayMs: 5, maxRetries: 0 });
  const service = createChatService({ upstream, tokenizer: await createTokenCounter(), prices, serviceModel: 'quarry-chat' });
  chat = createChatUseCase({ service, metering: { ledger: t.quarry.services.ledger, holdTtlSeconds: 60 } });
  prepare = (stream) => service.prepare({ ...conversation, stream });
});
afterAll(async () => {
  await upstream?.close();
  await fake?.close();
  await t?.close();
});

async function callerWith(credits: number, signal: AbortSignal = new AbortController().signal): Promise<Caller> {
  const customer = await t.customer(credits);
  return { accountId: customer.id, keyId: customer.keyId, requestId: `chat-test-${customer.id}`, signal };
}

const balanceOf = (caller: Caller) => t.quarry.services.ledger.balance(caller.accountId);

describe('a whole answer', () => {
  it('is charged its tokens once, and its usage reports the charge and the balance after it', async () => {
    fake.setScenario({ kind: 'ok' });
    const caller = await callerWith(1000);
    const done = await chat.complete(caller, prepare(false));
    expect(done.charged).toBeGreaterThan(0);
    expect(done.balance).toBe(1000 - done.charged);
    expect(done.response.usage).toMatchObject({ credits_used: done.charged, credits_remaining: done.balance });
    expect(done.response.choices[0]?.message.content).toMatch(/^Echo: /);
    expect(await balanceOf(caller)).toBe(1000 - done.charged);
  });

  it('charges nothing when the upstream fails', async () => {
    fake.setScenario({ kind: 'status', status: 500 });
    const caller = await callerWith(1000);
    await expect(chat.complete(caller, prepare(false))).rejects.toBeInstanceOf(UpstreamError);
    expect(await balanceOf(caller)).toBe(1000);
  });

  it('holds nothing for a caller that is already gone', async () => {
    fake.setScenario({ kind: 'ok' });
    const gone = new AbortController();
    gone.abort(new Error('the caller left'));
    const caller = await callerWith(1000, gone.signal);
    await expect(chat.complete(caller, prepare(false))).rejects.toThrow('the caller left');
    expect(await balanceOf(caller)).toBe(1000);
  });
});

describe('a streamed answer', () => {
  it('settles once, at its end, and its usage chunk reports what the ledger charged', async () => {
    fake.setScenario({ kind: 'ok' });
    const caller = await callerWith(1000);
    const events: string[] = [];
    for await (const data of (await chat.stream(caller, prepare(true), new AbortController().signal)).events) events.push(data);
    expect(events.at(-1)).toBe('[DONE]');
    const usage = events
      .filter((data) => data !== '[DONE]')
      .map((data) => JSON.parse(data) as { usage?: { credits_used: number; credits_remaining: number } | null })
      .find((chunk) => chunk.usage != null)?.usage;
    expect(usage?.credits_used).toBeGreaterThan(0);
    expect(await balanceOf(caller)).toBe(1000 - usage!.credits_used);
    expect(usage?.credits_remaining).toBe(1000 - usage!.credits_used);
  });

  it('charges nothing when the upstream fails before its first output', async () => {
    fake.setScenario({ kind: 'status', status: 500 });
    const caller = await callerWith(1000);
    await expect(chat.stream(caller, prepare(true), new AbortController().signal)).rejects.toBeInstanceOf(UpstreamError);
    expect(await balanceOf(caller)).toBe(1000);
  });
});
