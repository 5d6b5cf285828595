/**
 * One MCP server for one client key: lists the tools and runs them against Quarry's REST API. The
 * low-level `Server` is used (not `McpServer`) because the tools' input schemas are JSON Schema
 * from TypeBox, like every other Quarry schema, and validation is the REST endpoint's.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { QuarryRest } from '../compat/quarry-rest.js';
import { callTool, TOOLS } from './tools.js';

export const MCP_SERVER_INFO = { name: 'quarry', version: '1.0.0' } as const;

export function createMcpServer(rest: QuarryRest, apiKey: string): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: 'Quarry: web search, page reading and site maps for one API key and one credit balance.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as { type: 'object' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(rest, apiKey, request.params.name, request.params.arguments));
  return server;
}
