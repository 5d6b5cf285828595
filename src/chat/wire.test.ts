import { describe, expect, it } from 'vitest';
import { UpstreamError } from './errors.js';
import { readChunk, readCompletion, wholeAsDelta } from './wire.js';

const call = { id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
const completion = (message: object, finishReason = 'tool_calls') => ({ choices: [{ index: 0, message, finish_reason: finishReason }] });

describe('tool calls from the upstream', () => {
  it('reads the tool calls of a whole answer, kept to OpenAI’s fields', () => {
    const read = readCompletion(completion({ role: 'assistant', content: null, tool_calls: [{ ...call, extra: 'dropped' }] }));
    expect(read).toEqual({ content: '', finishReason: 'tool_calls', toolCalls: [call] });
  });

  it('treats malformed tool calls as the upstream’s failure', () => {
    expect(() => readCompletion(completion({ content: null, tool_calls: 'nope' }))).toThrow(UpstreamError);
    expect(() => readCompletion(completion({ content: null, tool_calls: [{ id: 'x', function: { name: 7 } }] }))).toThrow(UpstreamError);
    expect(() => readChunk({ choices: [{ delta: { tool_calls: [{ function: { arguments: '{' } }] } }] })).toThrow(UpstreamError);
  });

  it('reads streamed pieces in order, with only the fields each piece has', () => {
    const pieces = [
      { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 1, function: { arguments: '{"ci' } },
    ];
    expect(readChunk({ choices: [{ index: 0, delta: { tool_calls: pieces }, finish_reason: null }] })).toEqual({ toolCalls: pieces });
    expect(readChunk({ choices: [{ index: 0, delta: { role: 'assistant', content: null }, finish_reason: null }] })).toBeUndefined();
  });

  it('turns a whole answer into one streamed piece with indexed calls (gateways that ignore stream: true)', () => {
    expect(wholeAsDelta({ content: '', finishReason: 'tool_calls', toolCalls: [call] })).toEqual({
      content: '',
      finishReason: 'tool_calls',
      toolCalls: [{ index: 0, ...call }],
    });
  });
});
