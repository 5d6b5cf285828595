import type { CliCommand, OptionSpec, ServiceCommand } from './command.js';
import { COMMON_OPTIONS } from './args.js';

const PROGRAM = 'quarry';

export const commandName = (words: readonly string[]) => [PROGRAM, ...words].join(' ');

function optionLabel(name: string, spec: OptionSpec): string {
  const flag = name === 'help' ? '-h, --help' : `--${name}`;
  return spec.type === 'boolean' ? flag : `${flag} ${spec.placeholder ?? 'VALUE'}`;
}

function synopsis(command: ServiceCommand): string {
  const parts = Object.entries(command.options).map(([name, spec]) => (spec.required ? optionLabel(name, spec) : `[${optionLabel(name, spec)}]`));
  const operand = command.operand ? [command.operand.placeholder] : [];
  return [commandName(command.words), ...operand, ...parts, '[--json]'].join(' ');
}

function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** `quarry users create --help`. */
export function commandHelp(command: ServiceCommand): string {
  const options = Object.entries({ ...command.options, ...COMMON_OPTIONS }).map(([name, spec]) => [optionLabel(name, spec), spec.description] as const);
  const operand = command.operand ? ['Arguments:', ...table([[command.operand.placeholder, command.operand.description]]), ''] : [];
  return [
    `Usage: ${synopsis(command)}`,
    '',
    command.description,
    '',
    ...operand,
    'Options:',
    ...table(options),
    '',
    'Example:',
    `  ${command.example}`,
    '',
  ].join('\n');
}

/** `quarry --help`, or `quarry users --help` for the commands under one word. */
export function overviewHelp(commands: readonly CliCommand[], group?: string): string {
  const listed = group === undefined ? commands : commands.filter((command) => command.words[0] === group);
  const usage =
    group === undefined
      ? `Usage: ${PROGRAM} <command> [options]`
      : `Usage: ${PROGRAM} ${group} <${[...new Set(listed.map((c) => c.words[1]))].join('|')}> [options]`;
  return [
    usage,
    '',
    'Commands:',
    ...table(listed.map((command) => [command.words.join(' '), command.summary] as const)),
    '',
    `Every command takes --help; commands that use the database also take --json (one JSON document on stdout).`,
    'Exit codes: 0 ok, 1 failure (or a problem found, e.g. an audit mismatch), 2 usage or configuration error.',
    'Configuration comes from the environment, as for the service (DATA_DIR, DATABASE_URL, …).',
    '',
  ].join('\n');
}
