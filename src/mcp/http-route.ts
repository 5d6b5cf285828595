/**
 * `/mcp`: the MCP server over Streamable HTTP, stateless, with JSON responses. The caller's key
 * comes in `X-API-KEY` or `Authorization: Bearer` and is checked before the MCP exchange starts,
 * so a bad key is an HTTP 401; the messages are then answered in process (json-rpc.ts), each tool
 * call over the use cases (in-process-backend.ts). GET and DELETE answer 405: there are no
 * sessions and no server stream.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerKey } from '../compat/index.js';
import { invalidApiKeyError } from '../http/auth.js';
import type { App } from '../http/server.js';
import type { KeyService } from '../keys/index.js';
import { rebindingProblem, type RebindingPolicy } from './allowed-hosts.js';
import { inProcessBackend, type InProcessDeps } from './in-process-backend.js';
import { answerPost, type ProtocolVersions } from './json-rpc.js';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info.js';
import { callTool, listedTools, type ToolDefinition } from './tools.js';

export const MCP_PATH = '/mcp';

function jsonRpcError(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

export interface McpRouteDeps {
  readonly keys: Pick<KeyService, 'authenticate'>;
  readonly allowed: RebindingPolicy;
  /** The tools, their descriptions priced from the configuration. */
  readonly tools: readonly ToolDefinition[];
  readonly operations: InProcessDeps;
}

/** The protocol versions of the SDK, read with the first MCP call: the SDK's types module (with zod) is large. */
async function sdkVersions(): Promise<ProtocolVersions> {
  const { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/sdk/types.js');
  return { latest: LATEST_PROTOCOL_VERSION, supported: SUPPORTED_PROTOCOL_VERSIONS };
}

export function registerMcpRoute(app: App, deps: McpRouteDeps): void {
  const listed = listedTools(deps.tools);
  let versions: Promise<ProtocolVersions> | undefined;
  const checkHost = async (request: FastifyRequest, reply: FastifyReply) => {
    const { host, origin } = request.headers;
    const problem = rebindingProblem(deps.allowed, { host, origin, protocol: request.protocol });
    if (problem !== undefined) return jsonRpcError(reply, 403, problem);
  };
  const secretOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers['x-api-key'];
    return typeof header === 'string' && header.trim() !== '' ? header.trim() : bearerKey(request.headers.authorization);
  };

  app.post(
    MCP_PATH,
    {
      onRequest: checkHost,
      schema: {
        tags: ['mcp'],
        summary: 'MCP server (Streamable HTTP, stateless)',
        description:
          'JSON-RPC 2.0 messages of the Model Context Protocol. Tools: `search`, `scrape`, `map`, `credits`, each call one metered operation, priced and cached like the REST call it stands for. ' +
          "Key in `X-API-KEY` or `Authorization: Bearer`. The `Host` must be allowed (`MCP_ALLOWED_HOSTS`), against DNS rebinding, and a browser's `Origin` " +
          "must be the server's own or allowed whole, scheme, host and port (`MCP_ALLOWED_ORIGINS`); else 403.",
        security: [{ ApiKeyAuth: [] }],
      },
    },
    async (request, reply) => {
      const secret = secretOf(request);
      const key = secret === undefined ? undefined : await deps.keys.authenticate(secret);
      if (key === undefined) throw invalidApiKeyError(secret);
      const backend = inProcessBackend(deps.operations, { request, reply, key });
      const version = request.headers['mcp-protocol-version'];
      const answer = await answerPost(
        { accept: request.headers.accept, protocolVersion: typeof version === 'string' ? version : undefined },
        request.body,
        {
          serverInfo: MCP_SERVER_INFO,
          instructions: MCP_INSTRUCTIONS,
          listTools: () => listed,
          callTool: (name, args) => callTool(backend, name, args),
          onError: (error) => request.log.error({ err: error }, 'MCP tool failed'),
        },
        await (versions ??= sdkVersions()),
      );
      reply.code(answer.status);
      return answer.body === undefined ? reply.send() : reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => jsonRpcError(reply, 405, 'Method not allowed.', { allow: 'POST' });
  app.get(MCP_PATH, { onRequest: checkHost, schema: { tags: ['mcp'], summary: 'No server stream (stateless server): 405' } }, notAllowed);
  app.delete(MCP_PATH, { onRequest: checkHost, schema: { tags: ['mcp'], summary: 'No sessions (stateless server): 405' } }, notAllowed);
}
