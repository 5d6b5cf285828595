import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeReply, fakeUsage, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { ChatConfigError, UpstreamError, upstreamErrorStatus } from './errors.js';
import { createChatUpstream, type ChatUpstream, type ChatUpstreamOptions, type UpstreamChatRequest, type UpstreamDelta } from './upstream.js';

const API_KEY = 'sk-test-secret-123';
const request: UpstreamChatRequest = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'hello there upstream' },
  ],
  temperature: 0.2,
  max_tokens: 100,
};

let fake: FakeOpenAI;
let upstream: ChatUpstream;

function connect(overrides: Partial<ChatUpstreamOptions> = {}): ChatUpstream {
  return createChatUpstream({
    baseUrl: fake.url,
    apiKey: API_KEY,
    model: 'configured-model',
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    ...overrides,
  });
}

async function collect(stream: AsyncIterable<UpstreamDelta>): Promise<UpstreamDelta[]> {
  const deltas: UpstreamDelta[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

async function failureOf(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
  upstream = connect();
});

afterEach(async () => {
  await upstream.close();
  await fake.close();
});

describe('complete', () => {
  it('returns the content, finish reason and reported usage', async () => {
    const result = await upstream.complete(request);
    const expected = fakeReply(request);
    expect(result).toEqual({
      content: expected.text,
      finishReason: 'stop',
      usage: { prompt_tokens: fakeUsage(request, expected.text).prompt_tokens, completion_tokens: fakeUsage(request, expected.text).completion_tokens },
    });
  });

  it('sends the configured model with the key, never streaming, to <base>/chat/completions', async () => {
    await upstream.complete(request);
    const sent = fake.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body).toEqual({ ...request, model: 'configured-model', stream: false });
  });

  it('leaves usage out when the upstream reports none', async () => {
    fake.setScenario({ kind: 'ok', usage: false });
    const result = await upstream.complete(request);
    expect(result.usage).toBeUndefined();
    expect(result.content).toBe(fakeReply(request).text);
  });

  it('reports a length finish when max_tokens cut the answer', async () => {
    const result = await upstream.complete({ ...request, max_tokens: 2 });
    expect(result).toMatchObject({ content: 'Echo: hello ', finishReason: 'length' });
  });

  it('reuses one keep-alive connection for a later call', async () => {
    await upstream.complete(request);
    // The connection returns to the pool a tick after the body ends.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await upstream.complete(request);
    expect(fake.requests[1]?.remotePort).toBe(fake.requests[0]?.remotePort);
  });
});

describe('stream', () => {
  it('yields the content as it arrives, then the finish reason and the usage chunk', async () => {
    const deltas = await collect(upstream.stream(request));
    const expected = fakeReply(request).text;
    expect(deltas.map((d) => d.content ?? '').join('')).toBe(expected);
    expect(deltas.filter((d) => d.content !== undefined).length).toBeGreaterThan(1);
    expect(deltas.find((d) => d.finishReason)?.finishReason).toBe('stop');
    const usage = fakeUsage(request, expected);
    expect(deltas.at(-1)?.usage).toEqual({ prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens });
  });

  it('asks for the usage chunk and for the configured model', async () => {
    await collect(upstream.stream(request));
    expect(fake.requests[0]?.body).toMatchObject({
      model: 'configured-model',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(fake.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('ends without usage when the upstream sends no usage chunk', async () => {
    fake.setScenario({ kind: 'ok', usage: false, keepAliveComment: true });
    const deltas = await collect(upstream.stream(request));
    expect(deltas.some((d) => d.usage !== undefined)).toBe(false);
    expect(deltas.map((d) => d.content ?? '').join('')).toBe(fakeReply(request).text);
  });

  it('accepts a gateway that answers a stream request with one JSON body', async () => {
    fake.setScenario({ kind: 'ok', ignoreStream: true });
    const deltas = await collect(upstream.stream(request));
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ content: fakeReply(request).text, finishReason: 'stop' });
  });

  it('does not start a request until iterated', async () => {
    upstream.stream(request);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fake.requests).toHaveLength(0);
  });
});

describe('retries', () => {
  it('honours Retry-After on 429 and then succeeds', async () => {
    fake.setScenario({ kind: 'status', status: 429, retryAfter: '1' }, { kind: 'ok' });
    const started = Date.now();
    const result = await upstream.complete(request);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.content).toBe(fakeReply(request).text);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries 5xx up to maxRetries and then gives up as unavailable', async () => {
    fake.setScenario({ kind: 'status', status: 500 });
    const error = await failureOf(upstream.complete(request));
    expect(error.kind).toBe('unavailable');
    expect(error.upstreamStatus).toBe(500);
    expect(upstreamErrorStatus(error)).toBe(502);
    expect(fake.requests).toHaveLength(3);
  });

  it('succeeds when a 5xx clears before the retries run out', async () => {
    fake.setScenario({ kind: 'status', status: 502 }, { kind: 'status', status: 503 }, { kind: 'ok' });
    const deltas = await collect(upstream.stream(request));
    expect(deltas.map((d) => d.content ?? '').join('')).toBe(fakeReply(request).text);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than it is willing to', async () => {
    fake.setScenario({ kind: 'status', status: 429, retryAfter: '60' });
    const started = Date.now();
    const error = await failureOf(upstream.complete(request));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 60 });
    expect(upstreamErrorStatus(error)).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a refused connection, then reports the upstream unavailable', async () => {
    const closedPort = await unusedLoopbackPort();
    const refused = connect({ baseUrl: `http://127.0.0.1:${closedPort}/v1` });
    try {
      const error = await failureOf(refused.complete(request));
      expect(error.kind).toBe('unavailable');
      expect(error.message).not.toContain(String(closedPort));
    } finally {
      await refused.close();
    }
  });

  it('never retries once a stream has produced output', async () => {
    fake.setScenario({ kind: 'cut', afterChunks: 2 }, { kind: 'ok' });
    const received: UpstreamDelta[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of upstream.stream(request)) received.push(delta);
      })(),
    );
    expect(error.kind).toBe('unavailable');
    expect(received.map((d) => d.content).join('')).toBe('Echo: hello ');
    expect(fake.requests).toHaveLength(1);
  });

  it('never retries a non-streamed body that broke off', async () => {
    fake.setScenario({ kind: 'cut', afterChunks: 0 }, { kind: 'ok' });
    const error = await failureOf(upstream.complete(request));
    expect(error.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('failures', () => {
  it('treats a malformed JSON body as unavailable, without retrying', async () => {
    fake.setScenario({ kind: 'malformed' });
    expect((await failureOf(upstream.complete(request))).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });

  it('treats a malformed stream event as unavailable', async () => {
    fake.setScenario({ kind: 'malformed' });
    expect((await failureOf(collect(upstream.stream(request)))).kind).toBe('unavailable');
  });

  it('treats an error event in the middle of a stream as unavailable', async () => {
    fake.setScenario({ kind: 'stream-error' });
    const error = await failureOf(collect(upstream.stream(request)));
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain('processing your request');
  });

  it('reports a 401 as rejected with our own words, never the upstream text or the key', async () => {
    const wrongKey = connect({ apiKey: 'sk-wrong-key-456' });
    try {
      const error = await failureOf(wrongKey.complete(request));
      expect(error).toMatchObject({ kind: 'rejected', upstreamStatus: 401, upstreamCode: 'invalid_api_key' });
      expect(upstreamErrorStatus(error)).toBe(502);
      expect(error.message).not.toMatch(/sk-|Incorrect/);
      expect(JSON.stringify(error)).not.toContain('sk-wrong');
      expect(fake.requests).toHaveLength(1);
    } finally {
      await wrongKey.close();
    }
  });

  it('passes a context-length refusal on as the client’s problem (400)', async () => {
    fake.setScenario({
      kind: 'status',
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 8192 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    });
    const error = await failureOf(upstream.complete(request));
    expect(error).toMatchObject({ kind: 'rejected', upstreamCode: 'context_length_exceeded' });
    expect(error.message).toBe('The chat upstream rejected the request (context_length_exceeded).');
    expect(upstreamErrorStatus(error)).toBe(400);
  });

  it('times out on a slow first byte when streaming, and drops the request', async () => {
    fake.setScenario({ kind: 'ok', firstByteDelayMs: 2_000 });
    const impatient = connect({ firstByteTimeoutMs: 100 });
    try {
      const started = Date.now();
      const error = await failureOf(collect(impatient.stream(request)));
      expect(error.kind).toBe('timeout');
      expect(upstreamErrorStatus(error)).toBe(504);
      expect(Date.now() - started).toBeLessThan(1_000);
      await fake.requests[0]?.closed;
      expect(fake.requests[0]?.aborted).toBe(true);
    } finally {
      await impatient.close();
    }
  });

  it('times out a whole call at timeoutMs', async () => {
    fake.setScenario({ kind: 'hang' });
    const impatient = connect({ timeoutMs: 150 });
    try {
      const error = await failureOf(impatient.complete(request));
      expect(error.kind).toBe('timeout');
    } finally {
      await impatient.close();
    }
  });

  it('refuses a base URL that is not http(s) or carries credentials', () => {
    expect(() => createChatUpstream({ baseUrl: 'ftp://127.0.0.1/v1', model: 'm' })).toThrow(ChatConfigError);
    expect(() => createChatUpstream({ baseUrl: 'http://u:p@127.0.0.1/v1', model: 'm' })).toThrow(ChatConfigError);
    expect(() => createChatUpstream({ baseUrl: 'not a url', model: 'm' })).toThrow(ChatConfigError);
  });
});

describe('cancellation', () => {
  it('aborts a pending request the moment the caller aborts', async () => {
    fake.setScenario({ kind: 'hang' });
    const controller = new AbortController();
    const pending = failureOf(upstream.complete(request, controller.signal));
    await fake.waitForRequests(1);
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
  });

  it('aborts a stream mid-way when the caller aborts', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 50 });
    const controller = new AbortController();
    const received: UpstreamDelta[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of upstream.stream(request, controller.signal)) {
          received.push(delta);
          controller.abort();
        }
      })(),
    );
    expect(error.kind).toBe('aborted');
    expect(received).toHaveLength(1);
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
  });

  it('drops the upstream request when the consumer stops reading', async () => {
    fake.setScenario({ kind: 'ok', chunkDelayMs: 50 });
    for await (const delta of upstream.stream(request)) {
      expect(delta.content).toBeDefined();
      break;
    }
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
  });

  it('does not even send the request when the signal is already aborted', async () => {
    const error = await failureOf(upstream.complete(request, AbortSignal.abort()));
    expect(error.kind).toBe('aborted');
    expect(fake.requests).toHaveLength(0);
  });
});

async function unusedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
