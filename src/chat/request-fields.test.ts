/**
 * "Refused, never ignored": every field of OpenAI's chat completions request, as the installed
 * `openai` package types it, is either honoured (the upstream received it, or Quarry acted on it)
 * or refused with an OpenAI-shaped 400 whose `param` names it. The table is typed by the SDK's own
 * request type, so a field added to the SDK fails the type check until it is decided here, and the
 * request schema declares exactly these fields. docs/chat.md carries the same table for people.
 */
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastUpstreamBody, startChatLoopback, type ChatLoopback } from '../../tests/support/chat-loopback.js';
import { OpenAIChatRequestBody } from './openai-request-schema.js';

type Case =
  /** Sent with `with`, answered 200; the upstream's body matches `upstream` and lacks each of `lacks`. */
  | { value: unknown; with?: Record<string, unknown>; upstream?: Record<string, unknown>; lacks?: string[]; streamed?: (sse: string) => void }
  /** Answered 400 with `param` naming the field (or the given path). */
  | { value: unknown; with?: Record<string, unknown>; refused: string };

const tool = { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } };
const withTools = { tools: [tool] };

const FIELDS: Record<keyof ChatCompletionCreateParamsBase, Case[]> = {
  messages: [{ value: [{ role: 'user', content: 'hello there' }], upstream: { messages: [{ role: 'user', content: 'hello there' }] } }],
  model: [{ value: 'gpt-4o', upstream: { model: 'upstream-model' } }],
  temperature: [{ value: 0.2, upstream: { temperature: 0.2 } }],
  max_tokens: [{ value: 12, upstream: { max_tokens: 12 } }],
  max_completion_tokens: [{ value: 13, upstream: { max_tokens: 13 }, lacks: ['max_completion_tokens'] }],
  stream: [{ value: true, upstream: { stream: true }, streamed: (sse) => expect(sse).toContain('data: [DONE]') }],
  stream_options: [
    {
      value: { include_usage: true },
      with: { stream: true },
      upstream: { stream_options: { include_usage: true } },
      streamed: (sse) => expect(sse).toContain('"credits_used"'),
    },
    { value: { include_obfuscation: false }, with: { stream: true }, refused: 'stream_options.include_obfuscation' },
  ],
  top_p: [{ value: 0.3, upstream: { top_p: 0.3 } }],
  stop: [{ value: ['END'], upstream: { stop: ['END'] } }],
  presence_penalty: [{ value: 0.5, upstream: { presence_penalty: 0.5 } }],
  frequency_penalty: [{ value: -0.5, upstream: { frequency_penalty: -0.5 } }],
  logit_bias: [{ value: { '50256': -100 }, upstream: { logit_bias: { '50256': -100 } } }],
  seed: [{ value: 7, upstream: { seed: 7 } }],
  user: [{ value: 'user-1', upstream: { user: 'user-1' } }],
  safety_identifier: [{ value: 'hashed-user', upstream: { safety_identifier: 'hashed-user' } }],
  prompt_cache_key: [{ value: 'cache-1', upstream: { prompt_cache_key: 'cache-1' } }],
  reasoning_effort: [{ value: 'low', upstream: { reasoning_effort: 'low' } }],
  verbosity: [{ value: 'low', upstream: { verbosity: 'low' } }],
  response_format: [
    { value: { type: 'json_object' }, upstream: { response_format: { type: 'json_object' } } },
    {
      value: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
      upstream: { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } } },
    },
  ],
  tools: [{ value: [tool], upstream: { tools: [tool] } }],
  tool_choice: [
    { value: 'required', with: withTools, upstream: { tool_choice: 'required' } },
    {
      value: { type: 'function', function: { name: 'lookup' } },
      with: withTools,
      upstream: { tool_choice: { type: 'function', function: { name: 'lookup' } } },
    },
    { value: 'auto', refused: 'tool_choice' },
  ],
  parallel_tool_calls: [
    { value: false, with: withTools, upstream: { parallel_tool_calls: false } },
    { value: true, refused: 'parallel_tool_calls' },
  ],
  n: [
    { value: 1, lacks: ['n'] },
    { value: 2, refused: 'n' },
  ],
  logprobs: [
    { value: false, lacks: ['logprobs'] },
    { value: true, refused: 'logprobs' },
  ],
  top_logprobs: [{ value: 2, refused: 'top_logprobs' }],
  store: [
    { value: false, lacks: ['store'] },
    { value: true, refused: 'store' },
  ],
  metadata: [{ value: { purpose: 'test' }, refused: 'metadata' }],
  modalities: [
    { value: ['text'], lacks: ['modalities'] },
    { value: ['text', 'audio'], refused: 'modalities' },
  ],
  audio: [{ value: { voice: 'alloy', format: 'mp3' }, refused: 'audio' }],
  prediction: [{ value: { type: 'content', content: 'draft' }, refused: 'prediction' }],
  service_tier: [{ value: 'flex', refused: 'service_tier' }],
  web_search_options: [{ value: {}, refused: 'web_search_options' }],
  functions: [{ value: [{ name: 'lookup', parameters: {} }], refused: 'functions' }],
  function_call: [{ value: 'auto', refused: 'function_call' }],
};

let quarry: ChatLoopback;
let key: string;

beforeAll(async () => {
  quarry = await startChatLoopback();
  key = (await quarry.app.customer(1_000_000)).key;
});
afterAll(async () => {
  await quarry?.close();
});
beforeEach(() => quarry.fake.setScenario({ kind: 'ok' }));

const send = (body: Record<string, unknown>) =>
  quarry.app.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: JSON.stringify(body),
  });

const cases = Object.entries(FIELDS).flatMap(([field, list]) => list.map((one) => [field, one] as const));

describe('every OpenAI chat request field is honoured or refused', () => {
  it('declares exactly the fields of the SDK request type', () => {
    expect(Object.keys(OpenAIChatRequestBody.properties).sort()).toEqual(Object.keys(FIELDS).sort());
  });

  it.each(cases)('%s = %j', async (field, one) => {
    const before = quarry.fake.requests.length;
    const res = await send({ messages: [{ role: 'user', content: 'hello there' }], ...one.with, [field]: one.value });
    if ('refused' in one) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error', param: one.refused } });
      expect(quarry.fake.requests.length).toBe(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const upstream = lastUpstreamBody(quarry.fake);
    expect(quarry.fake.requests.length).toBe(before + 1);
    if (one.upstream) expect(upstream).toMatchObject(one.upstream);
    for (const name of one.lacks ?? []) expect(upstream).not.toHaveProperty(name);
    one.streamed?.(res.body);
  });

  it('refuses a field OpenAI does not have, naming it', async () => {
    const res = await send({ messages: [{ role: 'user', content: 'hi' }], temprature: 0.2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { message: 'temprature: This field is not accepted by this endpoint.', type: 'invalid_request_error', param: 'temprature', code: null },
    });
  });
});
