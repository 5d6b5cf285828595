/** What other features may use of src/mcp: its public surface. */
export { mcpCommand } from './cli-command.js';
