/**
 * The SDK's MCP server over the tools, for stdio (`quarry mcp`); `/mcp` answers the same messages
 * without it (json-rpc.ts). The low-level `Server` is used (not `McpServer`) because the tools'
 * input schemas are JSON Schema from TypeBox, like every other Quarry schema.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpBackend } from './backend.js';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from './server-info.js';
import { callTool, listedTools, type ToolDefinition } from './tools.js';

export function createMcpServer(backend: McpBackend, tools: readonly ToolDefinition[]): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  const listed = listedTools(tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(backend, request.params.name, request.params.arguments));
  return server;
}
