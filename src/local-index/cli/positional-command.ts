/**
 * Operator commands that take words besides options (`quarry crawl URL`, `quarry index import
 * FILE…`): the CLI framework's service commands refuse positional arguments, so these are
 * standalone commands that parse their words here, then load the configuration, open the
 * database and print exactly as service commands do. The environment is handed in by the CLI's
 * composition root (src/cli/main.ts).
 */
import { parseArgs } from 'node:util';
import {
  parseCommandArgs,
  COMMON_OPTIONS,
  type CommandArgs,
  type CliIo,
  type CommandOutcome,
  type OptionSpec,
  type StandaloneCommand,
  UsageError,
  commandName,
  EXIT,
  printError,
  printOutcome,
  type CliServices,
} from '../../cli/index.js';
import type { Config } from '../../config/index.js';
import { loadConfig } from '../../config/secrets.js';

export interface PositionalInput {
  readonly words: readonly string[];
  readonly args: CommandArgs;
  readonly config: Config;
  readonly services: CliServices;
  readonly io: CliIo;
  readonly json: boolean;
  notice(line: string): void;
}

export interface PositionalCommandSpec {
  readonly words: readonly string[];
  readonly summary: string;
  readonly description: string;
  /** What follows the command name in the synopsis, e.g. `URL` or `FILE…`. */
  readonly operands: string;
  /** How many words the command takes. */
  readonly minWords: number;
  readonly maxWords: number;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly example: string;
  /** Checks that need only the words and options (before the database opens); throw UsageError. */
  check?(words: readonly string[], args: CommandArgs): void;
  run(input: PositionalInput): Promise<CommandOutcome>;
}

function help(spec: PositionalCommandSpec): string {
  const options = Object.entries({ ...spec.options, ...COMMON_OPTIONS }).map(([name, option]) => {
    const flag = name === 'help' ? '-h, --help' : `--${name}`;
    return [option.type === 'boolean' ? flag : `${flag} ${option.placeholder ?? 'VALUE'}`, option.description] as const;
  });
  const width = Math.max(...options.map(([left]) => left.length));
  return [
    `Usage: ${commandName(spec.words)} ${spec.operands} [options] [--json]`,
    '',
    spec.description,
    '',
    'Options:',
    ...options.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    '',
    'Example:',
    `  ${spec.example}`,
    '',
  ].join('\n');
}

/** Splits `argv` into the command's words and its options (option values stay with their option). */
function splitWords(argv: readonly string[], options: Readonly<Record<string, OptionSpec>>): { words: string[]; rest: string[] } {
  const declared: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, spec] of Object.entries({ ...options, ...COMMON_OPTIONS })) {
    declared[name] = name === 'help' ? { type: 'boolean', short: 'h' } : { type: spec.type === 'boolean' ? 'boolean' : 'string' };
  }
  let tokens;
  try {
    ({ tokens } = parseArgs({ args: [...argv], options: declared, strict: false, allowPositionals: true, tokens: true }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const positions = new Set(tokens.filter((token) => token.kind === 'positional').map((token) => token.index));
  return { words: argv.filter((_, index) => positions.has(index)), rest: argv.filter((_, index) => !positions.has(index) && argv[index] !== '--') };
}

export function positionalCommand(spec: PositionalCommandSpec, env: NodeJS.ProcessEnv): StandaloneCommand {
  const name = commandName(spec.words);
  return {
    kind: 'standalone',
    words: spec.words,
    summary: spec.summary,
    example: spec.example,
    async run(argv, io) {
      const jsonRequested = argv.includes('--json');
      const fail = (error: unknown, json: boolean) => printError(io, error, { json, command: name, helpHint: `${name} --help` });
      let words: string[];
      let args: ReturnType<typeof parseCommandArgs>;
      try {
        const split = splitWords(argv, spec.options);
        words = split.words;
        args = parseCommandArgs(split.rest, spec.options);
        if (!args.help) {
          if (words.length < spec.minWords) throw new UsageError(`missing ${spec.operands.split(' ')[0] ?? 'argument'}`);
          if (words.length > spec.maxWords) throw new UsageError(`unexpected argument "${words[spec.maxWords]}"`);
          spec.check?.(words, args);
        }
      } catch (error) {
        return fail(error, jsonRequested);
      }
      if (args.help) {
        const text = help(spec);
        io.stdout.write(args.json ? `${JSON.stringify({ help: text })}\n` : text);
        return EXIT.ok;
      }
      const notice = (line: string) => void io.stderr.write(`${line}\n`);
      let services: CliServices | undefined;
      try {
        const config = loadConfig(env);
        const { openCliServices } = await import('../../cli/services.js');
        services = await openCliServices(config, { notice });
        const outcome = await spec.run({ words, args, config, services, io, json: args.json, notice });
        return printOutcome(io, outcome, args.json);
      } catch (error) {
        return fail(error, args.json);
      } finally {
        await services
          ?.close()
          .catch((error: unknown) => notice(`${name}: closing the database failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
  };
}
