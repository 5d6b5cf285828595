/**
 * LangChain JS (`@langchain/openai`) against Quarry on loopback: `ChatOpenAI(...).bindTools(...)`
 * returns the model's tool calls, whole and streamed, and the tool message goes back.
 */
import { AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
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

const chatModel = (apiKey: string) => new ChatOpenAI({ model: 'quarry-chat', apiKey, configuration: { baseURL: quarry.baseURL }, maxRetries: 0 });

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather now in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const call = { id: 'call_lc1', name: 'get_weather', arguments: '{"city":"Paris"}' };

describe('ChatOpenAI.bindTools', () => {
  it('returns the tool calls, and takes the tool message back', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario(toolCallScenario([call]), { kind: 'ok', reply: 'Sunny in Paris.' });
    const model = chatModel(c.key).bindTools([weatherTool]);

    const question = new HumanMessage('What is the weather in Paris?');
    const answer = await model.invoke([question]);
    expect(answer.tool_calls).toEqual([{ id: call.id, name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }]);
    expect(lastUpstreamBody(quarry.fake).tools).toEqual([weatherTool]);

    const final = await model.invoke([question, answer, new ToolMessage({ tool_call_id: call.id, content: '{"sky":"clear"}' })]);
    expect(final.content).toBe('Sunny in Paris.');
    expect((lastUpstreamBody(quarry.fake).messages as unknown[]).at(-1)).toMatchObject({ role: 'tool', tool_call_id: call.id, content: '{"sky":"clear"}' });
  });

  it('streams the tool calls, which the chunks add up to', async () => {
    const c = await quarry.app.customer(100_000);
    quarry.fake.setScenario(toolCallScenario([call], { argumentPieces: 4 }));
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await chatModel(c.key).bindTools([weatherTool]).stream('What is the weather in Paris?')) {
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    expect(whole?.tool_calls).toEqual([{ id: call.id, name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }]);
  });
});
