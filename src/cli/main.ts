import { runCli } from './run.js';
import { COMMANDS } from './commands/index.js';
import { crawlCommand } from './commands/crawl.js';
import { indexCommands } from '../local-index/cli/index-commands.js';
import { mcpCommand } from '../mcp/cli-command.js';

// The composition root of the operator CLI: the only place that touches the process.
process.exitCode = await runCli(process.argv.slice(2), {
  io: { stdout: process.stdout, stderr: process.stderr, isTTY: process.stderr.isTTY === true },
  env: process.env,
  // crawl and index take words besides options, so they parse their own and are handed the environment here.
  commands: [...COMMANDS, crawlCommand(process.env), ...indexCommands(process.env), mcpCommand(process.env, { stdin: process.stdin, stdout: process.stdout })],
});
