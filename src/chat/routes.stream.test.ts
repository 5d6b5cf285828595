/**
 * Streamed chats (`stream: true`) over a real socket: Server-Sent Events in the OpenAI chunk
 * format, tokens passed on as the upstream produces them, and the charge when the client
 * leaves or the upstream breaks off mid-way.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { fakeReply, fakeUsage, fakeWords, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { createTokenCounter, type TokenCounter } from './tokens.js';

let fake: FakeOpenAI;
let t: TestApp;
let base: string;
let tokenizer: TokenCounter;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MODEL: 'quarry-test-model',
      CHAT_RETRY_BASE_DELAY_MS: '5',
      CHAT_FIRST_BYTE_TIMEOUT_MS: '700',
      CHAT_TIMEOUT_MS: '10000',
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
      // One credit per prompt token, two per completion token.
      PRICE_CHAT_PROMPT_PER_1K: '1000',
      PRICE_CHAT_COMPLETION_PER_1K: '2000',
    },
    { features: onlyFeatures('chat') },
  );
  await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}`;
  tokenizer = await createTokenCounter();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.setScenario({ kind: 'ok' }));

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; credits_used: number; credits_remaining: number } | null;
}

const ask = (content: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: 'user', content }], stream: true, ...extra });

function post(key: string, payload: unknown, signal?: AbortSignal): Promise<Dispatcher.ResponseData> {
  return request(`${base}/api/v1/chat/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(payload),
    ...(signal ? { signal } : {}),
  });
}

/** The `data` of each event as it arrives, split by hand so the test does not trust our own parser. */
async function* sseData(body: Dispatcher.ResponseData['body']): AsyncGenerator<string> {
  let buffer = '';
  for await (const part of body) {
    buffer += (part as Buffer).toString('utf8');
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      expect(event.startsWith('data: ')).toBe(true);
      yield event.slice('data: '.length);
    }
  }
  expect(buffer).toBe('');
}

async function allEvents(body: Dispatcher.ResponseData['body']): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(body)) out.push(data);
  return out;
}

const chunks = (events: string[]) => events.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e) as Chunk);
const text = (events: string[]) =>
  chunks(events)
    .map((c) => c.choices[0]?.delta.content ?? '')
    .join('');

async function settledBalance(userId: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const row = (await t.quarry.services.ledger.audit()).find((r) => r.userId === userId);
    if (row && row.openHolds === 0) {
      expect(row.balance).toBe(row.ledgerSum);
      return row.balance;
    }
    await sleep(20);
  }
  throw new Error('the hold was never settled or released');
}

describe('a streamed chat', () => {
  it('sends OpenAI chunks, then the usage with credits, then [DONE]', async () => {
    const c = await t.customer(10_000);
    const payload = ask('stream this answer please', { max_tokens: 50 });
    const res = await post(c.key, payload);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    const events = await allEvents(res.body);

    expect(events.at(-1)).toBe('[DONE]');
    const all = chunks(events);
    expect(new Set(all.map((c) => c.id)).size).toBe(1);
    expect(all.every((ch) => ch.object === 'chat.completion.chunk' && ch.model === 'quarry-test-model')).toBe(true);
    expect(all[0]!.choices[0]!.delta.role).toBe('assistant');
    const reply = fakeReply(payload).text;
    expect(text(events)).toBe(reply);
    expect(all.at(-2)!.choices[0]!.finish_reason).toBe('stop');

    const usage = fakeUsage(payload, reply);
    const credits = usage.prompt_tokens + 2 * usage.completion_tokens;
    const last = all.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({ ...usage, credits_used: credits, credits_remaining: 10_000 - credits });
    expect(await settledBalance(c.id)).toBe(10_000 - credits);
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'upstream-model', stream: true, stream_options: { include_usage: true } });
  });

  it('counts tokens locally when the upstream streams no usage', async () => {
    fake.setScenario({ kind: 'ok', usage: false });
    const c = await t.customer(10_000);
    const payload = ask('no usage from upstream here', { max_tokens: 50 });
    const events = await allEvents((await post(c.key, payload)).body);
    const prompt = tokenizer.countPrompt(payload.messages);
    const completion = tokenizer.countText(fakeReply(payload).text);
    expect(chunks(events).at(-1)!.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion, credits_used: prompt + 2 * completion });
    expect(await settledBalance(c.id)).toBe(10_000 - prompt - 2 * completion);
  });

  it('passes the first token on before the upstream has finished', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 150 });
    const c = await t.customer(10_000);
    const res = await post(c.key, ask('one two three four five six', { max_tokens: 50 }));
    const exchange = fake.requests.at(-1)!;
    let upstreamDone = false;
    void exchange.closed.then(() => (upstreamDone = true));

    let firstContentWhileUpstreamBusy: boolean | undefined;
    const seen: string[] = [];
    for await (const data of sseData(res.body)) {
      seen.push(data);
      if (firstContentWhileUpstreamBusy === undefined && data !== '[DONE]' && (JSON.parse(data) as Chunk).choices[0]?.delta.content) {
        firstContentWhileUpstreamBusy = !upstreamDone;
      }
    }
    expect(firstContentWhileUpstreamBusy).toBe(true);
    expect(seen.at(-1)).toBe('[DONE]');
  });

  it('waits for a slow first byte, within the first-byte deadline', async () => {
    fake.setScenario({ kind: 'ok', firstByteDelayMs: 400, keepAliveComment: true });
    const c = await t.customer(10_000);
    const events = await allEvents((await post(c.key, ask('slow start', { max_tokens: 20 }))).body);
    expect(text(events)).toBe('Echo: slow start');
  });

  it('turns a gateway that ignores stream: true into a stream anyway', async () => {
    fake.setScenario({ kind: 'ok', ignoreStream: true });
    const c = await t.customer(10_000);
    const events = await allEvents((await post(c.key, ask('json instead', { max_tokens: 20 }))).body);
    expect(text(events)).toBe('Echo: json instead');
    expect(events.at(-1)).toBe('[DONE]');
  });
});

describe('failures before the first token', () => {
  it('answers with a JSON status, not a stream, and charges nothing', async () => {
    const c = await t.customer(1000);
    const cases = [
      [{ kind: 'hang' }, 504],
      [{ kind: 'status', status: 500 }, 502],
      [{ kind: 'malformed' }, 502],
      [{ kind: 'status', status: 429, retryAfter: '0' }, 503],
    ] as const;
    for (const [scenario, status] of cases) {
      fake.setScenario(scenario);
      const res = await post(c.key, ask('doomed', { max_tokens: 10 }));
      expect(res.statusCode, scenario.kind).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys((await res.body.json()) as object)).toEqual(['error']);
    }
    expect(await settledBalance(c.id)).toBe(1000);
  });

  it('retries a 429 before any output and then streams', async () => {
    fake.setScenario({ kind: 'status', status: 429, retryAfter: '0' }, { kind: 'ok' });
    const c = await t.customer(1000);
    const events = await allEvents((await post(c.key, ask('second time lucky', { max_tokens: 20 }))).body);
    expect(text(events)).toBe('Echo: second time lucky');
  });
});

describe('streams cut short', () => {
  it('stops the upstream when the client disconnects and charges only the tokens produced', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 100, usage: true });
    const c = await t.customer(10_000);
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const payload = ask(words, { max_tokens: 200 });
    const fullReply = fakeReply(payload).text;
    const prompt = tokenizer.countPrompt(payload.messages);
    const controller = new AbortController();
    const res = await post(c.key, payload, controller.signal);
    const exchange = fake.requests.at(-1)!;

    let received = '';
    let contentChunks = 0;
    try {
      for await (const data of sseData(res.body)) {
        const content = (JSON.parse(data) as Chunk).choices[0]?.delta.content;
        if (content) {
          received += content;
          if (++contentChunks === 3) controller.abort();
        }
      }
    } catch (error) {
      expect((error as Error).name).toBe('AbortError');
    }
    const leftAt = Date.now();
    await exchange.closed;
    expect(exchange.aborted).toBe(true);
    expect(Date.now() - leftAt).toBeLessThan(1000); // not the ~4 s the whole answer takes

    const spent = 10_000 - (await settledBalance(c.id));
    expect(spent).toBeGreaterThanOrEqual(prompt + 2 * tokenizer.countText(received));
    expect(spent).toBeLessThan(prompt + 2 * tokenizer.countText(fakeWords(fullReply).slice(0, 15).join('')));
    await t.quarry.services.ledger.audit();
  });

  it('ends with the usage of what was produced and an error event when the upstream breaks off', async () => {
    const c = await t.customer(10_000);
    for (const scenario of [{ kind: 'cut', afterChunks: 2 }, { kind: 'stream-error' }] as const) {
      fake.setScenario(scenario);
      const before = await settledBalance(c.id);
      const payload = ask('alpha beta gamma delta epsilon', { max_tokens: 50 });
      const events = await allEvents((await post(c.key, payload)).body);

      expect(events).not.toContain('[DONE]');
      const error = JSON.parse(events.at(-1)!) as { error: { message: string; type: string } };
      expect(error.error).toMatchObject({ message: expect.stringMatching(/^The chat upstream is unavailable/), type: 'upstream_error' });
      expect(events.at(-1)).not.toContain('processing your request'); // the upstream's own words stay upstream

      const produced = text(events.slice(0, -1));
      expect(produced.length).toBeGreaterThan(0);
      const usage = chunks(events.slice(0, -1)).at(-1)!.usage!;
      const expected = tokenizer.countPrompt(payload.messages) + 2 * tokenizer.countText(produced);
      expect(usage.credits_used, scenario.kind).toBe(expected);
      expect(await settledBalance(c.id)).toBe(before - expected);
    }
  });
});

describe('a client that leaves a non-streamed chat', () => {
  it('aborts the upstream request and is charged nothing', async () => {
    fake.setScenario({ kind: 'ok', firstByteDelayMs: 1500 });
    const c = await t.customer(1000);
    const controller = new AbortController();
    const pending = post(c.key, { messages: [{ role: 'user', content: 'never mind' }], max_tokens: 10 }, controller.signal);
    await fake.waitForRequests(fake.requests.length + 1);
    const exchange = fake.requests.at(-1)!;
    controller.abort();
    await expect(pending).rejects.toThrow();
    await exchange.closed;
    expect(exchange.aborted).toBe(true);
    expect(await settledBalance(c.id)).toBe(1000);
  });
});
