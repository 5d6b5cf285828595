import type { Readable, Writable } from 'node:stream';
import type { Config } from '../config/index.js';
import type { CommandArgs, OperandSpec, OptionSpec } from './args.js';
import type { CliServices } from './services.js';

export type { OptionSpec } from './args.js';

/** Where a command writes; the entry point hands in the process streams, tests may hand in others. */
export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Whether stderr is a terminal (progress output is drawn only then). */
  readonly isTTY: boolean;
  /** Where secrets are read from (`--password-stdin`, or a prompt when it is a terminal); absent → none can be read. */
  readonly stdin?: Readable & { readonly isTTY?: boolean; setRawMode?(mode: boolean): unknown };
}

/**
 * What a command produced. `text` goes to stdout for people, `json` to stdout with `--json`,
 * `notice` to stderr in both modes (so stdout stays one JSON document or one pipeable value).
 */
export interface CommandOutcome {
  readonly text: string;
  readonly json: unknown;
  readonly notice?: string;
  /** 0 unless the command found a problem it reports as a result (an audit mismatch): 1. */
  readonly exitCode?: 0 | 1;
}

export interface CommandInput {
  readonly args: CommandArgs;
  readonly config: Config;
  readonly services: CliServices;
  readonly json: boolean;
  readonly io: CliIo;
  /** Writes a line to stderr straight away (progress, mail notices). */
  notice(line: string): void;
}

/**
 * A command that runs against the configured database. The framework parses its options
 * (plus `--json` and `--help`), loads the configuration, opens and migrates the database,
 * builds the services, and prints the outcome; implementations only do the work.
 */
export interface ServiceCommand {
  readonly kind: 'service';
  /** The words that name it, e.g. `['users', 'create']`. */
  readonly words: readonly string[];
  readonly summary: string;
  /** Longer help text: what it does and what it guarantees. */
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** The one word the command takes besides its options, if any (`quarry keys revoke ID`). */
  readonly operand?: OperandSpec;
  readonly example: string;
  /** Checks that need only the options and the streams, made before the database opens; throw UsageError. */
  check?(args: CommandArgs, io: CliIo): void;
  run(input: CommandInput): Promise<CommandOutcome>;
}

/** A command that parses its own arguments and needs neither configuration nor database (`extract`). */
export interface StandaloneCommand {
  readonly kind: 'standalone';
  readonly words: readonly string[];
  readonly summary: string;
  readonly example: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export type CliCommand = ServiceCommand | StandaloneCommand;
