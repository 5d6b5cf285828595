import { beforeAll, describe, expect, it } from 'vitest';
import { countRequestPrompt, createPromptCounter, IMAGE_TOKENS } from './prompt-tokens.js';
import { createTokenCounter, type TokenCounter } from './tokens.js';
import type { UpstreamChatRequest } from './upstream.js';

let tokenizer: TokenCounter;
beforeAll(async () => {
  tokenizer = await createTokenCounter();
});

const question = { role: 'user' as const, content: 'What is the weather in Paris?' };
const tool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'The weather now in a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
};
const count = (request: Pick<UpstreamChatRequest, 'messages' | 'tools' | 'response_format'>) => countRequestPrompt(tokenizer, request);

describe('countRequestPrompt', () => {
  it('is exactly countPrompt for a plain conversation (the contract route counts as before)', () => {
    expect(count({ messages: [question] })).toBe(tokenizer.countPrompt([question]));
  });

  it('counts tool definitions as their JSON text', () => {
    expect(count({ messages: [question], tools: [tool] })).toBe(tokenizer.countPrompt([question]) + tokenizer.countText(JSON.stringify([tool])));
  });

  it('counts an assistant’s tool calls and a tool result', () => {
    const arguments_ = '{"city":"Paris","unit":"celsius"}';
    const conversation = [
      question,
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: arguments_ } }],
      },
      { role: 'tool' as const, content: '{"sky":"clear"}', tool_call_id: 'call_1' },
    ];
    const expected = tokenizer.countPrompt([
      question,
      { role: 'assistant', content: `get_weather\n${arguments_}` },
      { role: 'tool', content: '{"sky":"clear"}\ncall_1' },
    ]);
    expect(count({ messages: conversation })).toBe(expected);
    expect(expected).toBeGreaterThan(tokenizer.countPrompt([question]) + tokenizer.countText(arguments_));
  });

  it('counts a json_schema response format', () => {
    const format = { type: 'json_schema' as const, json_schema: { name: 'weather', schema: { type: 'object', properties: { temp: { type: 'number' } } } } };
    expect(count({ messages: [question], response_format: format })).toBe(
      tokenizer.countPrompt([question]) + tokenizer.countText(JSON.stringify(format.json_schema)),
    );
  });

  it('counts each image at the fixed estimate: 85 at low detail, 765 otherwise', () => {
    const withImages = {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'Compare' },
        { type: 'image_url' as const, image_url: { url: 'https://images.example/a.png', detail: 'low' as const } },
        { type: 'image_url' as const, image_url: { url: 'https://images.example/b.png' } },
      ],
    };
    expect(IMAGE_TOKENS).toEqual({ low: 85, other: 765 });
    expect(count({ messages: [withImages] })).toBe(tokenizer.countPrompt([{ role: 'user', content: 'Compare' }]) + 85 + 765);
  });

  it('gives the same counts when it remembers tool definitions, and tokenizes each set once', () => {
    let counted = 0;
    const spy: TokenCounter = { ...tokenizer, countText: (text) => (counted++, tokenizer.countText(text)) };
    const remembering = createPromptCounter(spy);
    const request = { messages: [question], tools: [tool] };
    expect(remembering(request)).toBe(count(request));
    const afterFirst = counted;
    expect(remembering({ ...request, tools: [{ ...tool }] })).toBe(count(request));
    expect(counted).toBe(afterFirst); // the messages go through countPrompt, the tools were remembered
  });
});
