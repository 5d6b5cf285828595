/**
 * The Vercel AI SDK (`ai` with `@ai-sdk/openai-compatible`) against Quarry on loopback:
 * `generateText` with a tool the SDK executes, over several steps, the upstream receiving the
 * tool definition and then the tool's result.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUpstreamBody, startChatLoopback, type ChatLoopback } from '../../tests/support/chat-loopback.js';
import { toolCallScenario } from '../../tests/support/fake-openai-tools.js';

let quarry: ChatLoopback;

beforeAll(async () => {
  quarry = await startChatLoopback();
});
afterAll(async () => {
  await quarry?.close();
});

const modelFor = (apiKey: string) => createOpenAICompatible({ name: 'quarry', baseURL: quarry.baseURL, apiKey, includeUsage: true }).chatModel('quarry-chat');

const weather = (seen: unknown[]) =>
  tool({
    description: 'The weather now in a city',
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }),
    execute: async ({ city }) => {
      seen.push(city);
      return { city, sky: 'clear', temp: 21 };
    },
  });

const call = { id: 'call_ai1', name: 'weather', arguments: '{"city":"Paris"}' };

describe('generateText with a tool and several steps', () => {
  it('calls the tool, sends its result back and ends with the answer', async () => {
    const c = await quarry.app.customer(100_000);
    const seen: unknown[] = [];
    quarry.fake.setScenario(toolCallScenario([call]), { kind: 'ok', reply: 'Sunny in Paris.' });
    const before = quarry.fake.requests.length;

    const result = await generateText({
      model: modelFor(c.key),
      tools: { weather: weather(seen) },
      stopWhen: stepCountIs(3),
      prompt: 'What is the weather in Paris?',
      maxRetries: 0,
    });

    expect(result.text).toBe('Sunny in Paris.');
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]?.finishReason).toBe('tool-calls');
    expect(result.steps[0]?.toolCalls).toMatchObject([{ toolCallId: call.id, toolName: 'weather', input: { city: 'Paris' } }]);
    expect(seen).toEqual(['Paris']);
    expect(quarry.fake.requests.length - before).toBe(2);

    const first = quarry.fake.requests.at(-2)!.body as Record<string, unknown>;
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'The weather now in a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
        },
      },
    ]);
    const messages = lastUpstreamBody(quarry.fake).messages as Array<Record<string, unknown>>;
    expect(messages.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: call.id, type: 'function', function: { name: 'weather' } }] });
    expect(messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: call.id });
    expect(JSON.parse(messages.at(-1)!.content as string)).toEqual({ city: 'Paris', sky: 'clear', temp: 21 });
    expect(result.totalUsage.inputTokens).toBeGreaterThan(0);
  });

  it('does the same streamed, with streamText', async () => {
    const c = await quarry.app.customer(100_000);
    const seen: unknown[] = [];
    quarry.fake.setScenario(toolCallScenario([call], { argumentPieces: 5 }), { kind: 'ok', reply: 'Sunny in Paris.' });
    const result = streamText({
      model: modelFor(c.key),
      tools: { weather: weather(seen) },
      stopWhen: stepCountIs(3),
      prompt: 'What is the weather in Paris?',
      maxRetries: 0,
    });
    expect(await result.text).toBe('Sunny in Paris.');
    expect(seen).toEqual(['Paris']);
    expect((await result.steps).map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
  });
});
