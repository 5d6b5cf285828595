/**
 * `/mcp`: the MCP server over Streamable HTTP, stateless. Every POST gets a fresh server and
 * transport (a stateless transport serves one request), bound to the caller's key, which comes
 * in `X-API-KEY` or `Authorization: Bearer` and is checked before the MCP exchange starts, so a
 * bad key is an HTTP 401. GET and DELETE answer 405: there are no sessions and no server stream.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerKey, type QuarryRest } from '../compat/quarry-rest.js';
import { AuthenticationError } from '../errors.js';
import { INVALID_API_KEY } from '../http/auth.js';
import type { App } from '../http/server.js';
import type { KeyService } from '../keys/service.js';
import { rebindingProblem, type RebindingPolicy } from './allowed-hosts.js';

export const MCP_PATH = '/mcp';

function jsonRpcError(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

export interface McpRouteDeps {
  readonly rest: QuarryRest;
  readonly keys: Pick<KeyService, 'authenticate'>;
  readonly allowed: RebindingPolicy;
}

export function registerMcpRoute(app: App, deps: McpRouteDeps): void {
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
          'JSON-RPC 2.0 messages of the Model Context Protocol. Tools: `search`, `scrape`, `map`, `credits`, each a metered call of the REST API. ' +
          "Key in `X-API-KEY` or `Authorization: Bearer`. The `Host` must be allowed (`MCP_ALLOWED_HOSTS`), against DNS rebinding, and a browser's `Origin` " +
          "must be the server's own or allowed whole, scheme, host and port (`MCP_ALLOWED_ORIGINS`); else 403.",
        security: [{ ApiKeyAuth: [] }],
      },
    },
    async (request, reply) => {
      const secret = secretOf(request);
      if (secret === undefined || !(await deps.keys.authenticate(secret))) throw new AuthenticationError({ detail: INVALID_API_KEY });
      // The MCP SDK (about 28 MB with zod and its HTTP stack) is loaded with the first MCP call, not with the server.
      const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
        import('./server.js'),
      ]);
      const server = createMcpServer(deps.rest, secret);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => jsonRpcError(reply, 405, 'Method not allowed.', { allow: 'POST' });
  app.get(MCP_PATH, { onRequest: checkHost, schema: { tags: ['mcp'], summary: 'No server stream (stateless server): 405' } }, notAllowed);
  app.delete(MCP_PATH, { onRequest: checkHost, schema: { tags: ['mcp'], summary: 'No sessions (stateless server): 405' } }, notAllowed);
}
