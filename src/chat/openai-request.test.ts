import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.js';
import { refuseUnsupportedParts } from './capabilities.js';
import { readOpenAIRequest } from './openai-request.js';
import type { OpenAIChatRequestBody } from './openai-request-schema.js';

const model = { id: 'quarry-chat', acceptsImages: false, acceptsTools: true };
const question = { role: 'user' as const, content: 'weather in Paris?' };
const call = { id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
const tool = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' } } };

/** The field errors a refusal carries (DRF-nested), or undefined when the body was taken. */
function refusal(body: OpenAIChatRequestBody, capabilities = model): unknown {
  try {
    readOpenAIRequest(body, capabilities);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidInputError) return error.fields;
    throw error;
  }
}

describe('readOpenAIRequest', () => {
  it('passes a tool conversation upstream as OpenAI wrote it, developer as system', () => {
    const read = readOpenAIRequest(
      {
        messages: [
          { role: 'developer', content: 'be brief' },
          question,
          { role: 'assistant', content: null, tool_calls: [{ ...call, function: { ...call.function, parsed_arguments: { city: 'Paris' } } }], parsed: null },
          { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: '{"sky":"clear"}' }] },
        ],
        tools: [tool],
        tool_choice: 'auto',
      },
      model,
    );
    expect(read.messages).toEqual([
      { role: 'system', content: 'be brief' },
      question,
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
    ]);
    expect(read.fields).toEqual({ tools: [tool], tool_choice: 'auto' });
  });

  it('refuses fields in the wrong role, and content missing where it is required', () => {
    expect(refusal({ messages: [{ ...question, tool_calls: [call] }] })).toEqual({
      messages: { '0': { tool_calls: ['This field is not allowed in a user message.'] } },
    });
    expect(refusal({ messages: [{ ...question, tool_call_id: 'x' }] })).toEqual({
      messages: { '0': { tool_call_id: ['This field is not allowed in a user message.'] } },
    });
    expect(refusal({ messages: [question, { role: 'assistant', content: null }] })).toEqual({
      messages: { '1': { content: ['Content is required unless the message has tool_calls.'] } },
    });
    expect(refusal({ messages: [question, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', content: 'x' }] })).toEqual({
      messages: { '2': { tool_call_id: ['This field is required.'] } },
    });
  });

  it('refuses a tool result answering no earlier call', () => {
    expect(refusal({ messages: [question, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] })).toEqual({
      messages: { '1': { tool_call_id: ['A tool message must answer a tool call of an earlier assistant message.'] } },
    });
  });

  it('refuses part types other than text and image_url, and images outside user messages', () => {
    expect(refusal({ messages: [{ role: 'user', content: [{ type: 'input_audio' }] }] })).toEqual({
      messages: { '0': { content: { '0': { type: ["Parts of type 'input_audio' are not accepted; use text or image_url parts."] } } } },
    });
    const image = { type: 'image_url', image_url: { url: 'https://images.example/a.png' } };
    expect(refusal({ messages: [{ role: 'system', content: [image] }] }, { ...model, acceptsImages: true })).toEqual({
      messages: { '0': { content: { '0': ['Image parts are allowed only in user messages.'] } } },
    });
    expect(
      refusal({ messages: [{ role: 'user', content: [{ ...image, image_url: { url: 'file:///etc/passwd' } }] }] }, { ...model, acceptsImages: true }),
    ).toEqual({
      messages: { '0': { content: { '0': { image_url: { url: ['Enter an http(s) URL or a data:image/… URL.'] } } } } },
    });
  });

  it('refuses tool_choice and parallel_tool_calls without tools, duplicate tool names and oversized tools', () => {
    expect(refusal({ messages: [question], tool_choice: 'required' })).toEqual({ tool_choice: ['tool_choice is only allowed when tools are given.'] });
    expect(refusal({ messages: [question], parallel_tool_calls: true })).toMatchObject({ parallel_tool_calls: [expect.any(String)] });
    expect(refusal({ messages: [question], tools: [tool, tool] })).toEqual({
      tools: { '1': { function: { name: ["The tool name 'get_weather' is given twice."] } } },
    });
    const huge = { ...tool, function: { ...tool.function, parameters: { type: 'object', description: 'x'.repeat(70_000) } } };
    expect(refusal({ messages: [question], tools: [huge] })).toMatchObject({ tools: { '0': [expect.stringContaining('65536 characters')] } });
  });

  it('takes the harmless value of a refused field, and refuses any other', () => {
    expect(refusal({ messages: [question], logprobs: false, store: false, modalities: ['text'] })).toBeUndefined();
    expect(refusal({ messages: [question], logprobs: true })).toMatchObject({ logprobs: [expect.any(String)] });
    expect(refusal({ messages: [question], functions: [] })).toEqual({ functions: ['Deprecated by OpenAI: send `tools` instead.'] });
  });
});

describe('refuseUnsupportedParts', () => {
  const picture = {
    role: 'user' as const,
    content: [
      { type: 'text', text: 'what is it?' },
      { type: 'image_url', image_url: { url: 'https://images.example/a.png' } },
    ],
  };

  it('refuses images for a model without vision, naming the model and the part', () => {
    expect(() => refuseUnsupportedParts({ messages: [picture] }, model)).toThrow(InvalidInputError);
    expect(refusal({ messages: [picture] })).toEqual({ messages: { '0': { content: { '1': ["The model 'quarry-chat' does not accept images."] } } } });
    expect(() => refuseUnsupportedParts({ messages: [picture] }, { ...model, acceptsImages: true })).not.toThrow();
  });

  it('refuses tools, tool calls and tool results for a model without function calling', () => {
    const noTools = { ...model, acceptsTools: false };
    expect(refusal({ messages: [question], tools: [tool] }, noTools)).toEqual({ tools: ["The model 'quarry-chat' does not accept tools."] });
    expect(refusal({ messages: [question, { role: 'assistant', content: null, tool_calls: [call] }] }, noTools)).toEqual({
      messages: { '1': { tool_calls: ["The model 'quarry-chat' does not accept tools."] } },
    });
    expect(refusal({ messages: [question] }, noTools)).toBeUndefined();
  });
});
