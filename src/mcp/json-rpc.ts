/**
 * One POST of MCP's Streamable HTTP transport, stateless with JSON responses, answered directly:
 * the checks and answers of the SDK's `WebStandardStreamableHTTPServerTransport` and of its
 * `Server` for the methods Quarry serves (initialize, ping, tools/list, tools/call), without
 * building a server, a transport (with its Ajv instance) and web streams for every request,
 * which cost about 2 ms of CPU per call. The SDK still serves stdio (server.ts); the official
 * MCP client drives both in mcp.test.ts.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The protocol versions the SDK speaks (loaded from it with the first call). */
export interface ProtocolVersions {
  readonly latest: string;
  readonly supported: readonly string[];
}

/** What the messages of one POST reach: the tools of one authenticated key. */
export interface McpHandlers {
  readonly serverInfo: { readonly name: string; readonly version: string };
  readonly instructions: string;
  listTools(): unknown[];
  callTool(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult>;
  /** A tool that threw instead of answering: a bug, logged; the client gets "Internal error". */
  onError(error: unknown): void;
}

export interface PostHeaders {
  readonly accept?: string | undefined;
  readonly protocolVersion?: string | undefined;
}

export interface HttpAnswer {
  readonly status: number;
  /** The JSON text; absent for 202 (only notifications or responses were posted). */
  readonly body?: string;
}

/** JSON-RPC's and MCP's error codes (the SDK's `ErrorCode`). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const TRANSPORT_ERROR = -32000;
/** The SDK's `MAX_BATCH_SIZE`. */
const MAX_BATCH_SIZE = 100;

type Message = Record<string, unknown>;
type Id = string | number;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is Id => typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/** A JSON-RPC 2.0 request, notification or response, as MCP defines them (params, when present, an object). */
function isMessage(value: unknown): value is Message {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') return (value.params === undefined || isObject(value.params)) && (!('id' in value) || isId(value.id));
  return isId(value.id) && ('result' in value || isObject(value.error));
}

const isRequest = (message: Message): boolean => typeof message.method === 'string' && 'id' in message;

function transportError(status: number, code: number, message: string): HttpAnswer {
  return { status, body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }) };
}

const failed = (id: Id, code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });

/** The answer to one request, as JSON text. */
async function answer(message: Message, handlers: McpHandlers, versions: ProtocolVersions): Promise<string> {
  const id = message.id as Id;
  const params = (message.params ?? {}) as Record<string, unknown>;
  const result = (value: object) => JSON.stringify({ jsonrpc: '2.0', id, result: value });
  switch (message.method) {
    case 'initialize': {
      const requested = params.protocolVersion;
      if (typeof requested !== 'string' || !isObject(params.capabilities) || !isObject(params.clientInfo)) return failed(id, INVALID_PARAMS, 'Invalid params');
      return result({
        protocolVersion: versions.supported.includes(requested) ? requested : versions.latest,
        capabilities: { tools: {} },
        serverInfo: handlers.serverInfo,
        instructions: handlers.instructions,
      });
    }
    case 'ping':
      return result({});
    case 'tools/list':
      return result({ tools: handlers.listTools() });
    case 'tools/call': {
      const args = params.arguments;
      if (typeof params.name !== 'string' || (args !== undefined && !isObject(args))) return failed(id, INVALID_PARAMS, 'Invalid params');
      try {
        return result(await handlers.callTool(params.name, args));
      } catch (error) {
        handlers.onError(error);
        return failed(id, INTERNAL_ERROR, 'Internal error');
      }
    }
    default:
      return failed(id, METHOD_NOT_FOUND, 'Method not found');
  }
}

/** The HTTP answer to one POST: status and JSON body, as the SDK's stateless transport gives them. */
export async function answerPost(headers: PostHeaders, body: unknown, handlers: McpHandlers, versions: ProtocolVersions): Promise<HttpAnswer> {
  // Accept is a list: a substring check is what the SDK does too.
  if (!headers.accept?.includes('application/json') || !headers.accept.includes('text/event-stream')) {
    return transportError(406, TRANSPORT_ERROR, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  }
  if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
    return transportError(400, INVALID_REQUEST, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (!messages.every(isMessage)) return transportError(400, PARSE_ERROR, 'Parse error: Invalid JSON-RPC message');
  const initializing = messages.some((message) => message.method === 'initialize' && isRequest(message));
  if (initializing && messages.length > 1) return transportError(400, INVALID_REQUEST, 'Invalid Request: Only one initialization request is allowed');
  const version = headers.protocolVersion;
  if (!initializing && version !== undefined && !versions.supported.includes(version)) {
    return transportError(400, TRANSPORT_ERROR, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${versions.supported.join(', ')})`);
  }
  const requests = messages.filter(isRequest);
  // Notifications (`notifications/initialized`…) and responses need no answer.
  if (requests.length === 0) return { status: 202 };
  const answers = await Promise.all(requests.map((message) => answer(message, handlers, versions)));
  return { status: 200, body: Array.isArray(body) ? `[${answers.join(',')}]` : answers[0] };
}
