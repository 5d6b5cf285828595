/**
 * The official OpenAI SDK as the judge of compatibility: it must read the fake upstream
 * (so the fake speaks the real protocol) and Quarry's own answers and streams (so the
 * alias works for OpenAI clients), including a stream that fails mid-way.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeReply, startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { OpenAIChatRequestBody } from './schemas.js';
import { createChatService } from './service.js';
import { createSseWriter, pipeSse } from './sse-writer.js';
import { createTokenCounter } from './tokens.js';
import { createChatUpstream, type ChatUpstream } from './upstream.js';

const aliasBody = TypeCompiler.Compile(OpenAIChatRequestBody);
const messages = [{ role: 'user' as const, content: 'compatible with the sdk' }];

let fake: FakeOpenAI;
let upstream: ChatUpstream;
let closeQuarry: () => Promise<void>;
let quarryUrl: string;

beforeEach(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  upstream = createChatUpstream({ baseUrl: fake.url, apiKey: 'sk-upstream', model: 'upstream-model' });
  const chat = createChatService({
    upstream,
    tokenizer: await createTokenCounter(),
    prices: { promptPer1k: 1, completionPer1k: 1 },
    serviceModel: 'quarry-chat',
  });
  const settle = async (charge: { credits: number }) => ({ creditsUsed: charge.credits, creditsRemaining: 42 });

  // A bare stand-in for the lead's route: validate, prepare, complete or stream.
  const server = createServer((req, res) => {
    void (async () => {
      const body: unknown = JSON.parse(await readAll(req));
      if (!aliasBody.Check(body)) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const prepared = chat.prepareOpenAI(body);
      if (!prepared.stream) {
        const answer = await chat.complete(prepared, { settle });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      const writer = createSseWriter(res);
      await pipeSse(writer, await chat.startStream(prepared, { settle, signal: writer.signal }));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  quarryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  closeQuarry = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
});

afterEach(async () => {
  await closeQuarry();
  await upstream.close();
  await fake.close();
});

const sdk = (baseURL: string, apiKey: string) => new OpenAI({ baseURL, apiKey, maxRetries: 0 });

describe('the fake upstream, read by the OpenAI SDK', () => {
  it('answers completions, streams and the model list', async () => {
    const client = sdk(fake.url, 'sk-upstream');
    const completion = await client.chat.completions.create({ model: 'x', messages });
    expect(completion.choices[0]?.message.content).toBe(fakeReply({ messages }).text);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);

    const stream = await client.chat.completions.create({
      model: 'x',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(fakeReply({ messages }).text);
    expect(usage?.completion_tokens).toBeGreaterThan(0);

    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['fake-model']);
  });

  it('refuses a wrong key the way OpenAI does', async () => {
    await expect(sdk(fake.url, 'sk-wrong').chat.completions.create({ model: 'x', messages })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
  });
});

describe('Quarry’s alias, read by the OpenAI SDK', () => {
  it('gives a completion the SDK reads, with credits in usage', async () => {
    const completion = await sdk(quarryUrl, 'qk').chat.completions.create({ model: 'gpt-4o', messages });
    expect(completion.model).toBe('quarry-chat');
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: fakeReply({ messages }).text });
    expect(completion.usage).toMatchObject({ credits_remaining: 42 });
    expect(fake.requests[0]?.body).toMatchObject({ model: 'upstream-model' });
  });

  it('streams chunks the SDK reads, with the usage chunk on request', async () => {
    const stream = await sdk(quarryUrl, 'qk').chat.completions.create({
      model: 'gpt-4o',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(fakeReply({ messages }).text);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ credits_remaining: 42 });
  });

  it('makes the SDK raise when the upstream breaks off mid-stream', async () => {
    fake.setScenario({ kind: 'cut', afterChunks: 2 });
    const stream = await sdk(quarryUrl, 'qk').chat.completions.create({ model: 'gpt-4o', messages, stream: true });
    let text = '';
    await expect(
      (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      })(),
    ).rejects.toThrow('The chat upstream is unavailable.');
    expect(text).toBe('Echo: compatible ');
  });
});

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const part of req) chunks.push(part as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
