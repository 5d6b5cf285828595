/**
 * The answers of the in-process Streamable HTTP path where the official client (mcp.test.ts) does
 * not go: what the SDK's stateless transport and server answer to the same posts.
 */
import { describe, expect, it } from 'vitest';
import { answerPost, type McpHandlers } from './json-rpc.js';

const versions = { latest: '2025-11-25', supported: ['2025-11-25', '2025-06-18', '2025-03-26'] };
const accept = 'application/json, text/event-stream';
const handlers: McpHandlers = {
  serverInfo: { name: 'quarry', version: '1.0.0' },
  instructions: 'hello',
  listTools: () => [],
  callTool: async (name) => {
    if (name === 'boom') throw new Error('a bug');
    return { content: [{ type: 'text', text: name }] };
  },
  onError: () => undefined,
};
async function post(body: unknown, headers: { accept?: string; protocolVersion?: string } = { accept }) {
  const answer = await answerPost(headers, body, handlers, versions);
  return answer.body === undefined ? { status: answer.status } : { status: answer.status, body: JSON.parse(answer.body) as unknown };
}
const request = (id: number, method: string, params?: object) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const initialize = (protocolVersion: string) => request(1, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } });

describe('MCP over HTTP, answered in process', () => {
  it('negotiates the protocol version as the SDK server does', async () => {
    expect(await post(initialize('2025-06-18'))).toMatchObject({
      status: 200,
      body: { id: 1, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} } } },
    });
    expect(await post(initialize('1999-01-01'))).toMatchObject({ body: { result: { protocolVersion: '2025-11-25', serverInfo: { name: 'quarry' } } } });
  });

  it('answers notifications with 202 and batches with one answer per request', async () => {
    expect(await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ status: 202 });
    const batch = await post([request(1, 'ping'), { jsonrpc: '2.0', method: 'notifications/initialized' }, request(2, 'tools/call', { name: 'x' })]);
    expect(batch).toEqual({
      status: 200,
      body: [
        { jsonrpc: '2.0', id: 1, result: {} },
        { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'x' }] } },
      ],
    });
  });

  it('refuses what the SDK transport refuses, with its status and message', async () => {
    expect(await post(request(1, 'ping'), { accept: 'application/json' })).toMatchObject({ status: 406, body: { error: { code: -32000 } } });
    expect(await post({ hello: 'world' })).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' }, id: null },
    });
    expect(await post([initialize('2025-06-18'), request(2, 'ping')])).toMatchObject({ status: 400, body: { error: { code: -32600 } } });
    const stale = await post(request(1, 'ping'), { accept, protocolVersion: '1999-01-01' });
    expect(stale).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('Unsupported protocol version: 1999-01-01') } } });
  });

  it('answers unknown methods, bad params and a tool that throws as JSON-RPC errors, saying nothing internal', async () => {
    expect(await post(request(1, 'resources/list'))).toMatchObject({ status: 200, body: { id: 1, error: { code: -32601, message: 'Method not found' } } });
    expect(await post(request(2, 'tools/call', { arguments: {} }))).toMatchObject({ body: { error: { code: -32602 } } });
    expect(await post(request(3, 'tools/call', { name: 'boom' }))).toMatchObject({ body: { id: 3, error: { code: -32603, message: 'Internal error' } } });
  });
});
