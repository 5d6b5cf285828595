import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

/** How a command declares one of its options. */
export interface OptionSpec {
  /** `integer` options are checked (whole number within min…max) before anything else runs. */
  readonly type: 'string' | 'boolean' | 'integer';
  /** Placeholder shown in help for a string or integer option (`--email E`). */
  readonly placeholder?: string;
  /** Bounds of an integer option; default 0 … Number.MAX_SAFE_INTEGER. */
  readonly min?: number;
  readonly max?: number;
  readonly description: string;
  readonly required?: boolean;
}

/** Options every service command accepts besides its own. */
export const COMMON_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'print one JSON document on stdout (errors as {"error": "…"})' },
  help: { type: 'boolean', description: 'show this help' },
};

/** The one word a command takes besides its options (`quarry keys revoke ID`). */
export interface OperandSpec {
  /** Shown in the synopsis and in usage errors (`ID`). */
  readonly placeholder: string;
  readonly description: string;
}

/** Typed access to parsed options; every accessor names the option in its usage error. */
export interface CommandArgs {
  /** A string option (declare it required so its absence is reported before any work starts). */
  string(name: string): string;
  optionalString(name: string): string | undefined;
  flag(name: string): boolean;
  /** An integer option, already checked against its declared bounds. */
  integer(name: string): number;
  optionalInteger(name: string): number | undefined;
  /** The command's operand (declared with `operand`), already checked to be present. */
  operand(): string;
}

export interface ParsedCommandArgs extends CommandArgs {
  readonly help: boolean;
  readonly json: boolean;
}

type ParsedValues = Record<string, string | boolean | undefined>;

/**
 * Parses `argv` (the words after the command name) strictly against the declared options and
 * checks required options and integer values, so every usage error surfaces before the
 * configuration is read or the database opened.
 */
export function parseCommandArgs(argv: string[], declared: Readonly<Record<string, OptionSpec>>, operand?: OperandSpec): ParsedCommandArgs {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries({ ...declared, ...COMMON_OPTIONS })) {
    options[name] = name === 'help' ? { type: 'boolean', short: 'h' } : { type: spec.type === 'boolean' ? 'boolean' : 'string' };
  }
  let values: ParsedValues;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: true }) as { values: ParsedValues; positionals: string[] });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const help = values.help === true;
  const json = values.json === true;
  const optionalString = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const integers = new Map<string, number>();
  if (!help) {
    const allowed = operand ? 1 : 0;
    if (positionals.length > allowed) throw new UsageError(`unexpected argument "${positionals[allowed]}"`);
    if (operand && positionals.length === 0) throw new UsageError(`missing ${operand.placeholder}`);
    for (const [name, spec] of Object.entries(declared)) {
      const raw = optionalString(name);
      if (spec.required && values[name] === undefined) throw new UsageError(`missing --${name}`);
      if (spec.type === 'integer' && raw !== undefined) integers.set(name, parseInteger(name, raw, spec));
    }
  }

  return {
    help,
    json,
    optionalString,
    string(name) {
      const value = optionalString(name);
      if (value === undefined) throw new UsageError(`missing --${name}`);
      return value;
    },
    flag: (name) => values[name] === true,
    optionalInteger: (name) => integers.get(name),
    integer(name) {
      const value = integers.get(name);
      if (value === undefined) throw new UsageError(`missing --${name}`);
      return value;
    },
    operand() {
      const [value] = positionals;
      if (value === undefined) throw new UsageError(`missing ${operand?.placeholder ?? 'argument'}`);
      return value;
    },
  };
}

function parseInteger(name: string, raw: string, spec: OptionSpec): number {
  const min = spec.min ?? 0;
  const max = spec.max ?? Number.MAX_SAFE_INTEGER;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new UsageError(`--${name} must be a whole number ${range}, got "${raw}"`);
  }
  return value;
}

/** node's parseArgs messages are long and mention internals; keep the part an operator acts on. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missingValue = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(message);
  if (missingValue) return `${missingValue[1]} needs a value`;
  const ambiguous = /Option '(--[\w-]+)' argument is ambiguous/.exec(message);
  if (ambiguous) return `${ambiguous[1]} needs a value (for a value starting with "-", write ${ambiguous[1]}=VALUE)`;
  const noValue = /Option '(--[\w-]+)' does not take an argument/.exec(message);
  if (noValue) return `${noValue[1]} takes no value`;
  return message.split('\n')[0] ?? message;
}
