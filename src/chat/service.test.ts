import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeReply, fakeUsage, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { InvalidInputError } from '../errors.js';
import { UpstreamError } from './errors.js';
import { chatCredits, worstCaseCredits } from './pricing.js';
import type { ChatCompletionChunk } from './schemas.js';
import { createChatService, type ChatCharge, type ChatService, type SettleChat } from './service.js';
import { createTokenCounter, type TokenCounter } from './tokens.js';
import { createChatUpstream, type ChatUpstream } from './upstream.js';

const prices = { promptPer1k: 2, completionPer1k: 5 };
const body = {
  messages: [
    { role: 'system' as const, content: 'Answer briefly.' },
    { role: 'user' as const, content: 'tell me about the quarry gateway please' },
  ],
};

let tokenizer: TokenCounter;
let fake: FakeOpenAI;
let upstream: ChatUpstream;
let chat: ChatService;

/** A stand-in for the ledger: records each charge and reports a balance. */
function recordingSettle(balance = 1000) {
  const charges: ChatCharge[] = [];
  const settle: SettleChat = async (charge) => {
    charges.push(charge);
    balance -= charge.credits;
    return { creditsUsed: charge.credits, creditsRemaining: balance };
  };
  return { charges, settle };
}

async function drain(events: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const data of events) all.push(data);
  return all;
}

const chunksOf = (events: string[]) => events.filter((e) => e !== '[DONE]' && !e.includes('"error"')).map((e) => JSON.parse(e) as ChatCompletionChunk);
const streamedText = (events: string[]) =>
  chunksOf(events)
    .map((c) => c.choices[0]?.delta.content ?? '')
    .join('');

beforeAll(async () => {
  tokenizer = await createTokenCounter();
});

beforeEach(async () => {
  fake = await startFakeOpenAI();
  upstream = createChatUpstream({ baseUrl: fake.url, model: 'upstream-model', retryBaseDelayMs: 5 });
  chat = createChatService({ upstream, tokenizer, prices, serviceModel: 'quarry-chat' });
});

afterEach(async () => {
  await upstream.close();
  await fake.close();
});

describe('prepare (POST /api/v1/chat/)', () => {
  it('counts the prompt locally and holds its cost plus max_tokens of completion', () => {
    const prepared = chat.prepare({ ...body, max_tokens: 300 });
    expect(prepared.promptTokens).toBe(tokenizer.countPrompt(body.messages));
    expect(prepared.holdCredits).toBe(worstCaseCredits(prepared.promptTokens, 300, prices));
  });

  it('applies the contract defaults', () => {
    const prepared = chat.prepare(body);
    expect(prepared.upstreamRequest).toEqual({ messages: body.messages, temperature: 0.7, max_tokens: 4096 });
    expect(prepared).toMatchObject({ stream: false, streamUsage: true });
  });

  it('passes only role and content upstream', () => {
    const withExtra = { messages: [{ role: 'user' as const, content: 'x', name: 'mallory' }], stream: true };
    const prepared = chat.prepare(withExtra);
    expect(prepared.upstreamRequest.messages).toEqual([{ role: 'user', content: 'x' }]);
    expect(prepared.stream).toBe(true);
  });
});

describe('prepareOpenAI (POST /api/v1/chat/completions)', () => {
  it('maps developer to system, joins text parts and drops the client model', () => {
    const prepared = chat.prepareOpenAI({
      model: 'gpt-4o',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'line one' },
            { type: 'text', text: 'line two' },
          ],
        },
      ],
    });
    expect(prepared.upstreamRequest.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'line one\nline two' },
    ]);
    expect(prepared.upstreamRequest).not.toHaveProperty('model');
  });

  it('prefers max_completion_tokens, passes safe options through and drops nulls', () => {
    const prepared = chat.prepareOpenAI({
      messages: body.messages,
      max_tokens: 100,
      max_completion_tokens: 50,
      temperature: null,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      user: null,
      response_format: { type: 'json_object' },
    });
    expect(prepared.upstreamRequest).toEqual({
      messages: body.messages,
      max_tokens: 50,
      temperature: 0.7,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      response_format: { type: 'json_object' },
    });
  });

  it('sends the usage chunk only when the client asked for it', () => {
    expect(chat.prepareOpenAI({ messages: body.messages, stream: true }).streamUsage).toBe(false);
    expect(chat.prepareOpenAI({ messages: body.messages, stream: true, stream_options: { include_usage: true } }).streamUsage).toBe(true);
  });

  it('refuses text parts that together exceed 50,000 characters, in DRF shape', () => {
    const half = 'x'.repeat(25_001);
    const call = () =>
      chat.prepareOpenAI({
        messages: [
          { role: 'user', content: 'ok' },
          {
            role: 'user',
            content: [
              { type: 'text', text: half },
              { type: 'text', text: half },
            ],
          },
        ],
      });
    expect(call).toThrow(InvalidInputError);
    try {
      call();
    } catch (error) {
      expect((error as InvalidInputError).fields).toEqual({
        messages: { '1': { content: ['Ensure this field has no more than 50000 characters.'] } },
      });
    }
  });
});

describe('complete', () => {
  it('answers with Quarry’s completion, charged on the upstream’s usage', async () => {
    const { charges, settle } = recordingSettle(1000);
    const response = await chat.complete(chat.prepare(body), { settle });
    const reply = fakeReply(body).text;
    const usage = fakeUsage(body, reply);
    const credits = chatCredits({ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }, prices);

    expect(response).toMatchObject({
      object: 'chat.completion',
      model: 'quarry-chat',
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.total_tokens,
        credits_used: credits,
        credits_remaining: 1000 - credits,
      },
    });
    expect(response.id).toMatch(/^chatcmpl-/);
    expect(Math.abs(response.created - Date.now() / 1000)).toBeLessThan(5);
    expect(charges).toEqual([{ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, credits, usageSource: 'upstream' }]);
  });

  it('charges on local counts when the upstream reports no usage', async () => {
    fake.setScenario({ kind: 'ok', usage: false });
    const { charges, settle } = recordingSettle();
    const prepared = chat.prepare(body);
    const response = await chat.complete(prepared, { settle });
    const completionTokens = tokenizer.countText(fakeReply(body).text);
    expect(charges).toEqual([
      {
        promptTokens: prepared.promptTokens,
        completionTokens,
        credits: chatCredits({ promptTokens: prepared.promptTokens, completionTokens }, prices),
        usageSource: 'local',
      },
    ]);
    expect(response.usage.total_tokens).toBe(prepared.promptTokens + completionTokens);
  });

  it('settles nothing when the upstream fails', async () => {
    fake.setScenario({ kind: 'status', status: 500 });
    const { charges, settle } = recordingSettle();
    await expect(chat.complete(chat.prepare(body), { settle })).rejects.toBeInstanceOf(UpstreamError);
    expect(charges).toEqual([]);
  });
});

describe('startStream', () => {
  it('streams role, content, finish and usage chunks under one id, then [DONE]', async () => {
    const { charges, settle } = recordingSettle(500);
    const events = await drain(await chat.startStream(chat.prepare({ ...body, stream: true }), { settle }));
    const chunks = chunksOf(events);
    const reply = fakeReply(body).text;
    const usage = fakeUsage(body, reply);

    expect(events.at(-1)).toBe('[DONE]');
    expect(new Set(chunks.map((c) => `${c.id}/${c.created}/${c.model}/${c.object}`)).size).toBe(1);
    expect(chunks[0]?.object).toBe('chat.completion.chunk');
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    expect(streamedText(events)).toBe(reply);
    const finish = chunks.at(-2);
    expect(finish?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.total_tokens,
      credits_used: charges[0]?.credits,
      credits_remaining: 500 - (charges[0]?.credits ?? 0),
    });
    expect(charges).toHaveLength(1);
    expect(charges[0]?.usageSource).toBe('upstream');
  });

  it('charges on local counts when the stream brings no usage chunk', async () => {
    fake.setScenario({ kind: 'ok', usage: false });
    const { charges, settle } = recordingSettle();
    const prepared = chat.prepare({ ...body, stream: true });
    await drain(await chat.startStream(prepared, { settle }));
    expect(charges).toEqual([
      expect.objectContaining({
        promptTokens: prepared.promptTokens,
        completionTokens: tokenizer.countText(fakeReply(body).text),
        usageSource: 'local',
      }),
    ]);
  });

  it('follows OpenAI for the alias without include_usage: no usage field, no usage chunk', async () => {
    const { charges, settle } = recordingSettle();
    const events = await drain(await chat.startStream(chat.prepareOpenAI({ ...body, stream: true }), { settle }));
    const chunks = chunksOf(events);
    expect(chunks.every((c) => !('usage' in c) && c.choices.length === 1)).toBe(true);
    expect(events.at(-1)).toBe('[DONE]');
    expect(charges).toHaveLength(1);
  });

  it('charges what was produced when the upstream cuts the stream, and ends with an error event', async () => {
    fake.setScenario({ kind: 'cut', afterChunks: 3 });
    const { charges, settle } = recordingSettle();
    const prepared = chat.prepare({ ...body, stream: true });
    const events = await drain(await chat.startStream(prepared, { settle }));
    const produced = streamedText(events);

    expect(produced).toBe('Echo: tell me ');
    expect(JSON.parse(events.at(-1) ?? '')).toEqual({
      error: { message: 'The chat upstream is unavailable.', type: 'upstream_error', param: null, code: 'unavailable' },
    });
    expect(events).not.toContain('[DONE]');
    expect(charges).toEqual([
      expect.objectContaining({
        promptTokens: prepared.promptTokens,
        completionTokens: tokenizer.countText(produced),
        usageSource: 'local',
      }),
    ]);
    expect(chunksOf(events).at(-1)?.usage?.completion_tokens).toBe(tokenizer.countText(produced));
  });

  it('rejects before any output when the upstream fails, and settles nothing', async () => {
    fake.setScenario({ kind: 'status', status: 503 });
    const { charges, settle } = recordingSettle();
    const failure = chat.startStream(chat.prepare({ ...body, stream: true }), { settle });
    await expect(failure).rejects.toMatchObject({ kind: 'unavailable', upstreamStatus: 503 });
    expect(charges).toEqual([]);
  });

  it('stops the upstream when the client leaves, and charges what was produced', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 30 });
    const { charges, settle } = recordingSettle();
    const clientGone = new AbortController();
    const events = await chat.startStream(chat.prepare({ ...body, stream: true }), { settle, signal: clientGone.signal });
    const seen: string[] = [];
    for await (const data of events) {
      seen.push(data);
      if (streamedText(seen).length > 0) clientGone.abort();
    }
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
    expect(seen).not.toContain('[DONE]');
    expect(seen.some((e) => e.includes('"error"'))).toBe(false);
    expect(charges).toEqual([expect.objectContaining({ completionTokens: tokenizer.countText(streamedText(seen)) })]);
  });

  it('settles once even when the consumer stops reading early', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 30 });
    const { charges, settle } = recordingSettle();
    const events = await chat.startStream(chat.prepare({ ...body, stream: true }), { settle });
    let count = 0;
    for await (const _ of events) {
      if (++count === 2) break;
    }
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.usageSource).toBe('local');
  });
});
