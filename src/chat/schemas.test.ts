import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { dropNullFields } from './openai-request-schema.js';
import { ChatCompletionChunk, ChatCompletionResponse, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';

const chat = TypeCompiler.Compile(ChatRequestBody);
const openai = TypeCompiler.Compile(OpenAIChatRequestBody);

const user = (content = 'hi') => ({ role: 'user', content });
const messages = (count: number) => Array.from({ length: count }, () => user());

describe('POST /api/v1/chat/ body', () => {
  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
  ])('%i messages valid: %s', (count, valid) => {
    expect(chat.Check({ messages: messages(count) })).toBe(valid);
  });

  it.each([
    [50_000, true],
    [50_001, false],
  ])('content of %i characters valid: %s', (length, valid) => {
    expect(chat.Check({ messages: [user('x'.repeat(length))] })).toBe(valid);
  });

  it.each([
    [-0.01, false],
    [0, true],
    [2, true],
    [2.01, false],
  ])('temperature %d valid: %s', (temperature, valid) => {
    expect(chat.Check({ messages: messages(1), temperature })).toBe(valid);
  });

  it.each([
    [0, false],
    [1, true],
    [16_384, true],
    [16_385, false],
    [10.5, false],
  ])('max_tokens %d valid: %s', (max_tokens, valid) => {
    expect(chat.Check({ messages: messages(1), max_tokens })).toBe(valid);
  });

  it('accepts the three roles and refuses any other', () => {
    for (const role of ['system', 'user', 'assistant']) {
      expect(chat.Check({ messages: [{ role, content: 'x' }] })).toBe(true);
    }
    expect(chat.Check({ messages: [{ role: 'tool', content: 'x' }] })).toBe(false);
    const [error] = [...chat.Errors({ messages: [user(), user(), user(), { role: 'tool', content: 'x' }] })];
    expect(error?.path).toBe('/messages/3/role');
  });

  it('requires messages, role and content, and refuses blank content', () => {
    expect(chat.Check({})).toBe(false);
    expect(chat.Check({ messages: [{ role: 'user' }] })).toBe(false);
    expect(chat.Check({ messages: [{ content: 'x' }] })).toBe(false);
    expect(chat.Check({ messages: [user('')] })).toBe(false);
  });

  it('refuses unknown fields, in the body and in messages, and accepts stream', () => {
    expect(chat.Check({ messages: messages(1), stream: true })).toBe(true);
    expect(chat.Check({ messages: messages(1), model: 'whatever', stream: true })).toBe(false);
    expect(chat.Check({ messages: [{ ...user('x'), name: 'mallory' }] })).toBe(false);
    expect(chat.Check({ messages: messages(1), stream: 'yes' })).toBe(false);
  });

  it('fills in the documented defaults', () => {
    const body = Value.Default(ChatRequestBody, { messages: messages(1) });
    expect(body).toMatchObject({ temperature: 0.7, max_tokens: 4096, stream: false });
  });
});

describe('POST /api/v1/chat/completions body (OpenAI alias)', () => {
  const minimal = { model: 'gpt-4o-mini', messages: messages(1) };

  it('accepts a typical OpenAI SDK request, nulls included (dropped first, as the route does)', async () => {
    const request = {
      body: {
        ...minimal,
        temperature: null,
        max_completion_tokens: 200,
        stream: true,
        stream_options: { include_usage: true },
        top_p: 1,
        stop: ['\n\n'],
        presence_penalty: 0,
        frequency_penalty: -2,
        seed: 42,
        user: 'u-1',
        n: 1,
        response_format: { type: 'json_object' },
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
        tool_choice: 'auto',
        parallel_tool_calls: true,
        logprobs: false,
      },
    };
    await dropNullFields(request);
    expect(request.body).not.toHaveProperty('temperature');
    expect(openai.Check(request.body)).toBe(true);
  });

  it('applies the same message and token bounds', () => {
    expect(openai.Check({ messages: messages(0) })).toBe(false);
    expect(openai.Check({ messages: messages(100) })).toBe(true);
    expect(openai.Check({ messages: messages(101) })).toBe(false);
    expect(openai.Check({ messages: [user('x'.repeat(50_001))] })).toBe(false);
    expect(openai.Check({ ...minimal, max_tokens: 16_385 })).toBe(false);
    expect(openai.Check({ ...minimal, max_completion_tokens: 0 })).toBe(false);
    expect(openai.Check({ ...minimal, temperature: 2.01 })).toBe(false);
  });

  it('takes developer, tool and function-calling assistant messages, and image parts (judged by prepareOpenAI)', () => {
    expect(openai.Check({ messages: [{ role: 'developer', content: [{ type: 'text', text: 'be brief' }] }] })).toBe(true);
    expect(openai.Check({ messages: [{ role: 'tool', content: 'x', tool_call_id: '1' }] })).toBe(true);
    const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } };
    expect(openai.Check({ messages: [{ role: 'assistant', content: null, tool_calls: [call] }] })).toBe(true);
    expect(openai.Check({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x', detail: 'low' } }] }] })).toBe(true);
    expect(openai.Check({ messages: [{ role: 'function', content: 'x', name: 'f' }] })).toBe(false);
  });

  it('refuses unknown fields, at the top and inside', () => {
    expect(openai.Check({ ...minimal, temperatur: 1 })).toBe(false);
    expect(openai.Check({ ...minimal, stream_options: { include_usage: true, include_obfuscation: false } })).toBe(false);
    expect(openai.Check({ messages: [{ ...user('x'), extra: 1 }] })).toBe(false);
  });

  it('only allows n = 1', () => {
    expect(openai.Check({ ...minimal, n: 2 })).toBe(false);
  });
});

describe('response schemas', () => {
  it('describe what the service sends', () => {
    const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, credits_used: 1, credits_remaining: 99 };
    expect(
      Value.Check(ChatCompletionResponse, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'quarry-chat',
        created: 1_700_000_000,
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
        usage,
      }),
    ).toBe(true);
    expect(
      Value.Check(ChatCompletionChunk, {
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        model: 'quarry-chat',
        created: 1_700_000_000,
        choices: [],
        usage,
      }),
    ).toBe(true);
  });
});
