/** How the MCP server introduces itself, over HTTP and stdio alike. */
export const MCP_SERVER_INFO = { name: 'quarry', version: '1.0.0' } as const;
export const MCP_INSTRUCTIONS =
  'Quarry: web search, page reading, site maps and answers from the web with their sources, for one API key and one credit balance.';
