/**
 * An agent's tool loop with the official `openai` client against Quarry on loopback: the tools reach
 * the upstream, its tool calls come back (whole, or streamed and rebuilt by the client's own
 * accumulator), the tool result goes back, and the final answer is charged. Also structured
 * output (`json_schema`) and image parts, to a model that accepts images and to one that does not.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastUpstreamBody, LOOPBACK_MODEL, startChatLoopback, type ChatLoopback } from '../../tests/support/chat-loopback.js';
import { piecesOf, toolCallScenario } from '../../tests/support/fake-openai-tools.js';
import { countRequestPrompt } from './prompt-tokens.js';
import { createTokenCounter } from './tokens.js';
import type { UpstreamChatRequest, UpstreamMessage } from './upstream.js';

let quarry: ChatLoopback;
let withImages: ChatLoopback;

beforeAll(async () => {
  [quarry, withImages] = await Promise.all([startChatLoopback(), startChatLoopback({ CHAT_MODEL_ACCEPTS_IMAGES: 'true' })]);
});
afterAll(async () => {
  await quarry?.close();
  await withImages?.close();
});
beforeEach(() => quarry.fake.setScenario({ kind: 'ok' }));

const client = (apiKey: string, on: ChatLoopback = quarry) => new OpenAI({ baseURL: on.baseURL, apiKey, maxRetries: 0 });

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather now in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    strict: true,
  },
};
const call = { id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' };
const question: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
const finalAnswer = 'It is sunny in Paris, 21 degrees.';

describe('tool calling', () => {
  it('relays a tool call, takes the result back, and answers; the tools reach the upstream', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario(toolCallScenario([call]), { kind: 'ok', reply: finalAnswer });
    const sdk = client(c.key);

    const first = await sdk.chat.completions.create({
      model: 'any',
      messages: question,
      tools: [weatherTool],
      tool_choice: 'auto',
      parallel_tool_calls: false,
    });
    expect(first.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] },
    });
    expect(lastUpstreamBody(quarry.fake)).toMatchObject({ model: 'upstream-model', tools: [weatherTool], tool_choice: 'auto', parallel_tool_calls: false });
    expect(first.usage).toMatchObject({ credits_used: expect.any(Number) });

    const assistant = first.choices[0]!.message;
    const followUp: OpenAI.ChatCompletionMessageParam[] = [
      ...question,
      assistant,
      { role: 'tool', tool_call_id: call.id, content: '{"sky":"clear","temp":21}' },
    ];
    const second = await sdk.chat.completions.create({ model: 'any', messages: followUp, tools: [weatherTool] });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: finalAnswer } });
    expect(lastUpstreamBody(quarry.fake).messages).toEqual([
      { role: 'user', content: 'What is the weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] },
      { role: 'tool', tool_call_id: call.id, content: '{"sky":"clear","temp":21}' },
    ]);
  });

  it('streams tool calls piece by piece, unchanged, so the client rebuilds the same call', async () => {
    const c = await quarry.app.customer(100_000);
    const second = { id: 'call_w2', name: 'get_weather', arguments: '{"city":"Lyon"}' };
    quarry.fake.setScenario(toolCallScenario([call, second], { argumentPieces: 4 }));
    const stream = client(c.key).chat.completions.stream({
      model: 'any',
      messages: question,
      tools: [weatherTool],
      stream_options: { include_usage: true },
    });
    const relayed: unknown[] = [];
    stream.on('chunk', (chunk) => {
      const pieces = chunk.choices[0]?.delta.tool_calls;
      if (pieces !== undefined) relayed.push(...pieces);
    });
    const completion = await stream.finalChatCompletion();

    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls?.map(({ id, function: { name, arguments: args } }) => ({ id, name, arguments: args }))).toEqual([
      call,
      second,
    ]);
    // Exactly the upstream's pieces, in its order: the first of each call with its id and name, then the arguments.
    const expected = [call, second].flatMap((one, index) => [
      { index, id: one.id, type: 'function', function: { name: one.name, arguments: '' } },
      ...piecesOf(one.arguments, 4).map((piece) => ({ index, function: { arguments: piece } })),
    ]);
    expect(relayed).toEqual(expected);
    expect(completion.usage).toMatchObject({ credits_used: expect.any(Number) });
  });

  it('runs a whole tool loop with runTools: the SDK calls the function and sends its result back', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario(toolCallScenario([call]), { kind: 'ok', reply: finalAnswer });
    const seen: unknown[] = [];
    const runner = client(c.key).chat.completions.runTools({
      model: 'any',
      messages: question,
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: weatherTool.function.description,
            parameters: weatherTool.function.parameters,
            parse: (text: string) => JSON.parse(text) as { city: string },
            function: (args: { city: string }) => {
              seen.push(args);
              return { sky: 'clear', temp: 21 };
            },
          },
        },
      ],
    });
    expect(await runner.finalContent()).toBe(finalAnswer);
    expect(seen).toEqual([{ city: 'Paris', unit: 'celsius' }]);
    const sent = lastUpstreamBody(quarry.fake).messages as Array<Record<string, unknown>>;
    expect(sent.at(-1)).toEqual({ role: 'tool', tool_call_id: call.id, content: '{"sky":"clear","temp":21}' });
  });

  it('counts the tool definitions and tool messages as prompt tokens when the upstream reports no usage', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario({ kind: 'ok', usage: false, reply: finalAnswer });
    const assistant = {
      role: 'assistant' as const,
      content: null,
      tool_calls: [{ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }],
    };
    const conversation: OpenAI.ChatCompletionMessageParam[] = [...question, assistant, { role: 'tool', tool_call_id: call.id, content: '{"sky":"clear"}' }];
    const answer = await client(c.key).chat.completions.create({ model: 'any', messages: conversation, tools: [weatherTool] });
    const tokenizer = await createTokenCounter();
    const received = lastUpstreamBody(quarry.fake) as unknown as UpstreamChatRequest;
    const prompt = countRequestPrompt(tokenizer, received);
    expect(prompt).toBeGreaterThan(
      countRequestPrompt(tokenizer, { messages: [question[0] as UpstreamMessage] }) + tokenizer.countText(JSON.stringify([weatherTool])),
    );
    expect(answer.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: tokenizer.countText(finalAnswer) });
    expect(answer.usage).toMatchObject({ credits_used: prompt + 2 * tokenizer.countText(finalAnswer) });
  });

  it('refuses a tool result that answers no call, and a tool_choice naming no tool, before any charge', async () => {
    const c = await quarry.app.customer(1000);
    const sdk = client(c.key);
    await expect(
      sdk.chat.completions.create({ model: 'any', messages: [...question, { role: 'tool', tool_call_id: 'call_x', content: '{}' }] }),
    ).rejects.toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });
    await expect(
      sdk.chat.completions.create({ model: 'any', messages: question, tools: [weatherTool], tool_choice: { type: 'function', function: { name: 'nope' } } }),
    ).rejects.toMatchObject({ status: 400, param: 'tool_choice.function.name' });
    expect(await quarry.app.quarry.services.ledger.balance(c.id)).toBe(1000);
  });
});

describe('structured output', () => {
  it('passes a json_schema response format through and returns the JSON the model wrote', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario({ kind: 'ok', reply: '{"city":"Paris","temp":21}' });
    const format = {
      type: 'json_schema' as const,
      json_schema: {
        name: 'weather',
        description: 'The weather',
        strict: true,
        schema: { type: 'object', properties: { city: { type: 'string' }, temp: { type: 'number' } }, required: ['city', 'temp'], additionalProperties: false },
      },
    };
    const completion = await client(c.key).chat.completions.create({ model: 'any', messages: question, response_format: format });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ city: 'Paris', temp: 21 });
    expect(lastUpstreamBody(quarry.fake).response_format).toEqual(format);
  });
});

describe('image parts', () => {
  const withPicture: OpenAI.ChatCompletionMessageParam[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: 'https://images.example/cat.png', detail: 'low' } },
      ],
    },
  ];

  it('passes them to a model that accepts images, without fetching them', async () => {
    const c = await withImages.app.customer(100_000);
    withImages.fake.setScenario({ kind: 'ok', reply: 'A cat.' });
    const completion = await client(c.key, withImages).chat.completions.create({ model: 'any', messages: withPicture });
    expect(completion.choices[0]?.message.content).toBe('A cat.');
    expect(lastUpstreamBody(withImages.fake).messages).toEqual(withPicture);
  });

  it('refuses them for a model that does not, naming the model, before any charge', async () => {
    const c = await quarry.app.customer(1000);
    const before = quarry.fake.requests.length;
    const refused = client(c.key).chat.completions.create({ model: 'any', messages: withPicture });
    await expect(refused).rejects.toMatchObject({ status: 400, param: 'messages[0].content[1]', type: 'invalid_request_error' });
    await expect(refused).rejects.toThrow(`The model '${LOOPBACK_MODEL}' does not accept images.`);
    expect(quarry.fake.requests.length).toBe(before);
    expect(await quarry.app.quarry.services.ledger.balance(c.id)).toBe(1000);
  });
});
