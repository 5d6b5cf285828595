/**
 * Every setting Quarry reads from the environment, declared once. The same table
 * validates the environment at start, types the configuration object and is checked
 * against the README's configuration table by a test, so the three cannot drift.
 */
export interface Setting<T> {
  readonly env: string;
  readonly description: string;
  /** The default as the README shows it (`undefined` → no default). */
  readonly shownDefault?: string;
  readonly parse: (raw: string | undefined) => T;
}

/** One bad or missing setting. */
export interface ConfigProblem {
  readonly variable: string;
  readonly reason: string;
}

/**
 * Every problem of the configuration at once: an operator fixes them in one go instead of
 * meeting them one restart at a time. With a single problem the message is `VARIABLE: reason`.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(variableOrProblems: string | readonly ConfigProblem[], reason = '') {
    const problems = typeof variableOrProblems === 'string' ? [{ variable: variableOrProblems, reason }] : variableOrProblems;
    super(describeProblems(problems));
    this.problems = problems;
    this.name = 'ConfigError';
  }

  /** The first variable at fault. */
  get variable(): string {
    return this.problems[0]?.variable ?? '';
  }
}

function describeProblems(problems: readonly ConfigProblem[]): string {
  const lines = problems.map((p) => `${p.variable}: ${p.reason}`);
  if (lines.length === 1) return lines[0]!;
  return `${lines.length} settings need attention:\n${lines.map((line) => `  - ${line}`).join('\n')}`;
}

type Parser<T> = (raw: string, env: string) => T;

function setting<T>(env: string, description: string, parse: Parser<T>, fallback: T, shownDefault?: string): Setting<T> {
  return {
    env,
    description,
    shownDefault: shownDefault ?? (fallback === undefined || fallback === '' ? undefined : String(fallback)),
    parse: (raw) => (raw === undefined || raw.trim() === '' ? fallback : parse(raw.trim(), env)),
  };
}

export const str = (env: string, description: string, fallback = '', shown?: string) => setting(env, description, (raw) => raw, fallback, shown);

export const optionalStr = (env: string, description: string) => setting<string | undefined>(env, description, (raw) => raw, undefined);

export const int = (env: string, description: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  setting(
    env,
    description,
    (raw, name) => {
      if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
      return value;
    },
    fallback,
  );

export const bool = (env: string, description: string, fallback: boolean) =>
  setting(
    env,
    description,
    (raw, name) => {
      const lower = raw.toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
      if (['0', 'false', 'no', 'off'].includes(lower)) return false;
      throw new ConfigError(name, `expected true or false, got "${raw}"`);
    },
    fallback,
  );

export const oneOf = <T extends string>(env: string, description: string, values: readonly T[], fallback: T) =>
  setting(
    env,
    description,
    (raw, name) => {
      if (!(values as readonly string[]).includes(raw)) throw new ConfigError(name, `expected one of ${values.join(', ')}, got "${raw}"`);
      return raw as T;
    },
    fallback,
  );

export const list = (env: string, description: string) =>
  setting<string[]>(
    env,
    description,
    (raw) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    [],
  );

/**
 * Web origins (`scheme://host[:port]`, comma-separated), kept in the form browsers send in
 * `Origin`: lower case, without a default port. A path, query or user makes it a URL, not an origin.
 */
export const origins = (env: string, description: string) =>
  setting<string[]>(
    env,
    description,
    (raw, name) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((entry) => {
          const origin = originOf(entry);
          if (origin === undefined) throw new ConfigError(name, `expected origins like https://app.example.com or http://localhost:6274, got "${entry}"`);
          return origin;
        }),
    [],
  );

/** `scheme://host[:port]` of an origin as browsers serialize it, or undefined when `value` is not exactly an origin. */
export function originOf(value: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return undefined;
  }
  const bare = parsed.host !== '' && (parsed.pathname === '' || parsed.pathname === '/') && parsed.search === '' && parsed.hash === '';
  if (!bare || parsed.username !== '' || parsed.password !== '') return undefined;
  // `URL.origin` is "null" for schemes it does not know (chrome-extension:, moz-extension:), which browsers still send in full.
  return `${parsed.protocol}//${parsed.host}`;
}

export const url = (env: string, description: string, protocols: readonly string[], fallback?: string) =>
  setting<string | undefined>(
    env,
    description,
    (raw, name) => {
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        throw new ConfigError(name, `expected a URL, got "${redactUrl(raw)}"`);
      }
      if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL`);
      return raw;
    },
    fallback,
  );

/** A rate such as `60/min`: DRF's notation, where the period's first letter counts. */
export interface Rate {
  readonly limit: number;
  readonly periodSeconds: number;
}

const PERIODS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

export function parseRate(raw: string, env = 'rate'): Rate {
  const match = /^(\d+)\s*\/\s*(\d*)\s*([a-z]+)$/i.exec(raw.trim());
  const period = match?.[3] ? PERIODS[match[3][0]!.toLowerCase()] : undefined;
  if (!match || period === undefined || Number(match[1]) < 1) {
    throw new ConfigError(env, `expected a rate like 60/min or 1000/day, got "${raw}"`);
  }
  const multiple = match[2] ? Number(match[2]) : 1;
  return { limit: Number(match[1]), periodSeconds: period * Math.max(1, multiple) };
}

export const rate = (env: string, description: string, fallback: string) =>
  setting<Rate>(env, description, (raw, name) => parseRate(raw, name), parseRate(fallback), fallback);

export function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^@/]*)@/, '//***@');
}
