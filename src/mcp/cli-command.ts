import type { StandaloneCommand } from '../cli/index.js';
import { serveStdio, stdioSettings } from './stdio.js';

const HELP = `quarry mcp

Serves the Model Context Protocol over stdin/stdout for desktop MCP clients. The tools
(search, scrape, map, answer, credits) call the Quarry REST API:

  QUARRY_URL       base URL of the Quarry server (default http://127.0.0.1:8000)
  QUARRY_API_KEY   the API key whose credits pay for the calls (required)

Example client configuration:
  {"mcpServers": {"quarry": {"command": "npx", "args": ["quarry", "mcp"],
    "env": {"QUARRY_URL": "https://quarry.example.com", "QUARRY_API_KEY": "qk_..."}}}}
`;

/** `quarry mcp`: needs no database or server configuration, only where Quarry is and a key. */
export function mcpCommand(env: Readonly<Record<string, string | undefined>>): StandaloneCommand {
  return {
    kind: 'standalone',
    words: ['mcp'],
    summary: 'serve MCP over stdio for desktop clients (QUARRY_URL, QUARRY_API_KEY)',
    example: 'QUARRY_API_KEY=qk_... quarry mcp',
    async run(argv, io) {
      if (argv.includes('--help') || argv.includes('-h')) {
        io.stdout.write(HELP);
        return 0;
      }
      if (argv.length > 0) {
        io.stderr.write(`quarry mcp: unexpected argument ${argv[0]}; see quarry mcp --help\n`);
        return 2;
      }
      let settings;
      try {
        settings = stdioSettings(env);
      } catch (error) {
        io.stderr.write(`quarry mcp: ${(error as Error).message}\n`);
        return 2;
      }
      io.stderr.write(`quarry mcp: serving MCP on stdio, calling ${settings.url}\n`);
      if (!io.stdin) {
        io.stderr.write('quarry mcp: needs a standard input to read the protocol from\n');
        return 2;
      }
      await serveStdio(settings, io.stdin, io.stdout);
      return 0;
    },
  };
}
