import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a pino child (bound to the request id) only when a line is
 * written at an enabled level. Making a child runs its bindings through the root logger's
 * redaction, several microseconds on every request, although at `warn` or `silent` most
 * requests write nothing; at `info` Fastify's request lines make the child at once, as before.
 * Every line still goes through the same child, with the same bindings and redaction.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  /** Before the child exists, a line at a disabled level is dropped without making it. */
  write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...line: unknown[]) => void)(...args);
  }

  declare readonly fatal: LogFn;
  declare readonly error: LogFn;
  declare readonly warn: LogFn;
  declare readonly info: LogFn;
  declare readonly debug: LogFn;
  declare readonly trace: LogFn;
  declare readonly silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

Object.defineProperty(RequestLogger.prototype, 'silent', { value: () => undefined });
// On the prototype, not per instance: a request's logger is one small object.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/**
 * Fastify's `childLoggerFactory`: a lazy RequestLogger for the common case; a route with its
 * own log level or serializers gets a real child at once, as Fastify would make it.
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  if (Object.keys(options).length > 0 || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new RequestLogger(parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }, bindings);
}
