import { ConfigError } from '../config/index.js';
import { InvalidInputError, type FieldMessages } from '../errors.js';
import type { CliIo, CommandOutcome } from './command.js';
import { UnknownKeyError, UnknownUserError, UsageError } from './errors.js';

/** Exit codes of every command: 0 ok, 1 the work failed or found a problem, 2 usage or configuration error. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

export function printOutcome(io: CliIo, outcome: CommandOutcome, json: boolean): number {
  if (outcome.notice) io.stderr.write(endLine(outcome.notice));
  io.stdout.write(json ? `${JSON.stringify(outcome.json, null, 2)}\n` : endLine(outcome.text));
  return outcome.exitCode ?? EXIT.ok;
}

/**
 * Prints a failure the way scripts and people expect: `{"error": "…"}` on stdout with `--json`,
 * otherwise one line on stderr prefixed with the command. Returns the exit code it deserves.
 */
export function printError(io: CliIo, error: unknown, options: { json: boolean; command: string; helpHint?: string }): number {
  const code = error instanceof UsageError || error instanceof ConfigError ? EXIT.usage : EXIT.failure;
  const message = describeError(error);
  if (options.json) {
    const body: Record<string, unknown> = { error: message };
    if (error instanceof InvalidInputError) body.fields = error.fields;
    if (error instanceof ConfigError) body.variable = error.variable;
    io.stdout.write(`${JSON.stringify(body)}\n`);
  } else {
    const hint = error instanceof UsageError && options.helpHint ? ` (see ${options.helpHint})` : '';
    io.stderr.write(`${options.command}: ${message}${hint}\n`);
  }
  return code;
}

function describeError(error: unknown): string {
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  if (error instanceof InvalidInputError) return flattenFields(error.fields).join('; ');
  if (error instanceof UsageError || error instanceof UnknownUserError || error instanceof UnknownKeyError) return error.message;
  if (error instanceof Error) return oneLine(error.message || error.name);
  return oneLine(String(error));
}

function flattenFields(fields: FieldMessages, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([field, messages]) => {
    const path = prefix ? `${prefix}.${field}` : field;
    return Array.isArray(messages) ? messages.map((message) => `${path}: ${message}`) : flattenFields(messages, path);
  });
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
const endLine = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
