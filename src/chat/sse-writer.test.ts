import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeReply, startFakeOpenAI } from '../../tests/support/fake-openai.js';
import { createChatService, type ChatCharge } from './service.js';
import { createSseWriter, pipeSse, type SseWriter } from './sse-writer.js';
import { createTokenCounter } from './tokens.js';
import { createChatUpstream } from './upstream.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Opens a GET and hands back the response as soon as its headers arrive. */
function open(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads `data:` payloads one at a time, as a streaming client does. */
function eventReader(response: IncomingMessage) {
  let buffer = '';
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  response.setEncoding('utf8');
  response.on('data', (text: string) => {
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      queue.push(buffer.slice(0, end).replace(/^data: /, ''));
      buffer = buffer.slice(end + 2);
    }
    wake?.();
  });
  response.on('end', () => wake?.());
  return {
    async next(): Promise<string | undefined> {
      while (queue.length === 0 && !response.readableEnded) await new Promise<void>((resolve) => (wake = resolve));
      return queue.shift();
    },
  };
}

describe('createSseWriter', () => {
  it('hands each event to the client before the next is produced', async () => {
    let clientGot: (() => void) | undefined;
    const url = await serve((_req, res) => {
      const writer = createSseWriter(res);
      void (async () => {
        await writer.send('"first"');
        // Only continues once the client has the first event: a buffering writer deadlocks here.
        await new Promise<void>((resolve) => (clientGot = resolve));
        await writer.send('"second"');
        writer.end();
      })();
    });
    const response = await open(url);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-cache');
    const events = eventReader(response);
    expect(await events.next()).toBe('"first"');
    clientGot?.();
    expect(await events.next()).toBe('"second"');
    expect(await events.next()).toBeUndefined();
  });

  it('aborts its signal and stops writing when the client disconnects', async () => {
    let writer: SseWriter | undefined;
    const disconnected = new Promise<void>((resolve) => {
      void serve((_req, res) => {
        writer = createSseWriter(res);
        writer.signal.addEventListener('abort', () => resolve());
        void writer.send('"hello"');
      }).then(async (url) => {
        const response = await open(url);
        response.destroy();
      });
    });
    await disconnected;
    expect(writer?.writable).toBe(false);
    expect(await writer?.send('"too late"')).toBe(false);
  });

  it('does not abort when the stream ends normally', async () => {
    let writer: SseWriter | undefined;
    const url = await serve((_req, res) => {
      writer = createSseWriter(res);
      void pipeSse(
        writer,
        (async function* () {
          yield '"only"';
        })(),
      );
    });
    const events = eventReader(await open(url));
    expect(await events.next()).toBe('"only"');
    expect(await events.next()).toBeUndefined();
    expect(writer?.signal.aborted).toBe(false);
  });
});

describe('createSseWriter on a plain Writable', () => {
  it('writes data events and waits for the sink to drain under backpressure', async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const slowSink = new Writable({
      highWaterMark: 8,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString());
        release = callback;
      },
    });
    const writer = createSseWriter(slowSink);
    let sent = false;
    const sending = writer.send('"a long enough event"').then((ok) => (sent = ok));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toEqual(['data: "a long enough event"\n\n']);
    expect(sent).toBe(false);
    release?.();
    await sending;
    expect(sent).toBe(true);
  });
});

describe('pipeSse', () => {
  it('ends with a generic error event when the producer throws, and rethrows', async () => {
    let piped: Promise<void> | undefined;
    const url = await serve((_req, res) => {
      piped = pipeSse(
        createSseWriter(res),
        (async function* () {
          yield '"partial"';
          throw new Error('ledger is down at 10.0.0.5');
        })(),
      );
      piped.catch(() => undefined);
    });
    const events = eventReader(await open(url));
    expect(await events.next()).toBe('"partial"');
    expect(JSON.parse((await events.next()) ?? '')).toEqual({
      error: { message: 'Something went wrong', type: 'server_error', param: null, code: null },
    });
    await expect(piped).rejects.toThrow('ledger is down');
  });
});

describe('chat stream over HTTP, end to end', () => {
  async function chatServer(onCharge: (charge: ChatCharge) => void) {
    const fake = await startFakeOpenAI({ scenario: { kind: 'ok', chunkDelayMs: 20 } });
    const upstream = createChatUpstream({ baseUrl: fake.url, model: 'm' });
    cleanups.push(
      () => fake.close(),
      () => upstream.close(),
    );
    const chat = createChatService({
      upstream,
      tokenizer: await createTokenCounter(),
      prices: { promptPer1k: 1, completionPer1k: 1 },
      serviceModel: 'quarry-chat',
    });
    const settled: Array<Promise<void>> = [];
    const url = await serve((_req, res) => {
      const writer = createSseWriter(res);
      const done = (async () => {
        const events = await chat.startStream(chat.prepare({ messages: [{ role: 'user', content: 'one two three four five six' }] }), {
          signal: writer.signal,
          settle: async (charge) => {
            onCharge(charge);
            return { creditsUsed: charge.credits, creditsRemaining: 10 };
          },
        });
        await pipeSse(writer, events);
      })();
      settled.push(done);
    });
    return { fake, url, settled };
  }

  it('delivers the whole answer as chunks ending in [DONE]', async () => {
    const charges: ChatCharge[] = [];
    const { url } = await chatServer((charge) => charges.push(charge));
    const events = eventReader(await open(url));
    const received: string[] = [];
    for (let data = await events.next(); data !== undefined; data = await events.next()) received.push(data);
    expect(received.at(-1)).toBe('[DONE]');
    const text = received
      .slice(0, -1)
      .map((e) => (JSON.parse(e) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe(fakeReply({ messages: [{ role: 'user', content: 'one two three four five six' }] }).text);
    expect(charges).toHaveLength(1);
  });

  it('cancels the upstream and still settles when the client disconnects mid-stream', async () => {
    const charges: ChatCharge[] = [];
    const { fake, url, settled } = await chatServer((charge) => charges.push(charge));
    const response = await open(url);
    const events = eventReader(response);
    await events.next(); // role chunk
    await events.next(); // first content
    response.destroy();
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.aborted).toBe(true);
    await Promise.all(settled);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.completionTokens).toBeGreaterThan(0);
  });
});
