import { parseCommandArgs } from './args.js';
import type { CliCommand, CliIo, ServiceCommand } from './command.js';
import { cliCommands } from './commands/index.js';
import { UsageError } from './errors.js';
import { commandHelp, commandName, overviewHelp } from './help.js';
import type { CliServices } from './services.js';
import { EXIT, printError, printOutcome } from './report.js';

export interface RunCliOptions {
  readonly io: CliIo;
  /** The environment configuration is read from (the entry point passes `process.env`). */
  readonly env: NodeJS.ProcessEnv;
  /** Defaults to the registry of commands/index.ts. */
  readonly commands?: readonly CliCommand[];
  /** Defaults to the wall clock. */
  readonly now?: () => Date;
}

const isHelp = (word: string) => word === '--help' || word === '-h';

/** Runs one `quarry …` invocation and returns its exit code (0 ok, 1 failure, 2 usage/configuration). */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  const { io } = options;
  const commands = options.commands ?? cliCommands(options.env);
  const optionWords = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length);
  const json = optionWords.includes('--json');

  const command = findCommand(commands, argv);
  if (!command) return printUnmatched(commands, argv, io, json);
  const rest = argv.slice(command.words.length);
  if (command.kind === 'standalone') return command.run(rest, io);
  return runServiceCommand(command, rest, options, json);
}

/** The command whose words start `argv`, the longest if several do. */
function findCommand(commands: readonly CliCommand[], argv: readonly string[]): CliCommand | undefined {
  return commands.filter((command) => command.words.every((word, index) => argv[index] === word)).sort((a, b) => b.words.length - a.words.length)[0];
}

function printUnmatched(commands: readonly CliCommand[], argv: readonly string[], io: CliIo, json: boolean): number {
  const [first, second] = argv;
  const groupCommands = commands.filter((command) => command.words.length > 1 && command.words[0] === first);
  const wantsHelp = first === undefined ? false : groupCommands.length > 0 ? second !== undefined && isHelp(second) : isHelp(first);
  if (wantsHelp) {
    const help = overviewHelp(commands, groupCommands.length > 0 ? first : undefined);
    io.stdout.write(json ? `${JSON.stringify({ help })}\n` : help);
    return EXIT.ok;
  }
  let problem: UsageError;
  if (first === undefined || first === '--json') problem = new UsageError('missing command');
  else if (first.startsWith('-')) problem = new UsageError(`unknown option ${first}`);
  else if (groupCommands.length === 0) problem = new UsageError(`unknown command "${first}"`);
  else {
    const names = groupCommands.map((command) => command.words[1]);
    const choices = names.length === 1 ? String(names[0]) : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
    problem =
      second === undefined || second.startsWith('-')
        ? new UsageError(`missing subcommand: ${choices}`)
        : new UsageError(`unknown command "${first} ${second}"; expected ${choices}`);
  }
  const scope = groupCommands.length > 0 ? commandName([first!]) : commandName([]);
  return printError(io, problem, { json, command: scope, helpHint: `${scope} --help` });
}

async function runServiceCommand(command: ServiceCommand, argv: readonly string[], options: RunCliOptions, jsonRequested: boolean): Promise<number> {
  const { io } = options;
  const name = commandName(command.words);
  const fail = (error: unknown, json: boolean) => printError(io, error, { json, command: name, helpHint: `${name} --help` });

  let args: ReturnType<typeof parseCommandArgs>;
  try {
    args = parseCommandArgs([...argv], command.options, command.operand);
    if (!args.help) command.check?.(args, io);
  } catch (error) {
    return fail(error, jsonRequested);
  }
  if (args.help) {
    const help = commandHelp(command);
    io.stdout.write(args.json ? `${JSON.stringify({ help })}\n` : help);
    return EXIT.ok;
  }

  const notice = (line: string) => void io.stderr.write(`${line}\n`);
  let services: CliServices | undefined;
  try {
    // Loaded only when a command runs, so that `--help` and usage errors load neither the
    // configuration's checks nor the database drivers and password hashing.
    const { loadConfig } = await import('../config/secrets.js');
    const config = loadConfig(options.env);
    const { openCliServices } = await import('./services.js');
    services = await openCliServices(config, { notice, ...(options.now ? { now: options.now } : {}) });
    const outcome = await command.run({ args, config, services, json: args.json, io, notice });
    return printOutcome(io, outcome, args.json);
  } catch (error) {
    return fail(error, args.json);
  } finally {
    await services
      ?.close()
      .catch((error: unknown) => notice(`${name}: closing the database failed: ${error instanceof Error ? error.message : String(error)}`));
  }
}
