import pino, { stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/index.js';
import { redactCredentialParams } from './http/redact.js';
import { createPrettyStream } from './log-pretty.js';

/** Wherever a secret could sit in a log object, it is replaced before the line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  '*.*.headers.authorization',
  '*.*.headers.cookie',
  '*.*.headers["x-api-key"]',
  '*.password',
  '*.token',
  '*.access',
  '*.refresh',
  '*.key',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.cookie',
  '*.authorization',
];

interface LoggedRequest {
  readonly method: string;
  readonly url: string;
  readonly host?: string;
  readonly ip?: string;
  readonly socket?: { readonly remotePort?: number };
}

/**
 * Fastify's request line, with credentials cut out of the URL (`?api_key=` and the like): a key
 * sent in the query must not end up in every log line of the request.
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactCredentialParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Errors keep their message and stack, minus credentials of any URL they quote (an upstream error names its URL). */
function serializeError(error: Error) {
  const serialized = stdSerializers.err(error) as Record<string, unknown>;
  for (const field of ['message', 'stack']) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = redactCredentialParams(value);
  }
  return serialized;
}

/** Top-level strings of any line (a `url`, a `link`, a `msg`) lose credential parameters too. */
function redactLine(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(object)) {
    if (typeof value !== 'string' || !value.includes('=')) continue;
    const redacted = redactCredentialParams(value);
    if (redacted !== value) (copy ??= { ...object })[name] = redacted;
  }
  return copy ?? object;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'quarry' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest, err: serializeError },
      formatters: { log: redactLine },
      hooks: {
        // The message text itself (`msg`), which formatters.log does not see.
        logMethod(args, method) {
          const redacted = args.map((arg) => (typeof arg === 'string' ? redactCredentialParams(arg) : arg));
          method.apply(this, redacted as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** How the process writes its log: readable lines for a person, JSON lines for a machine. */
export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT`: `auto` is pretty at a terminal and JSON anywhere else (a pipe, a file, a container's log). */
export function resolveLogFormat(setting: Config['logFormat'], isTTY: boolean): LogFormat {
  if (setting === 'auto') return isTTY ? 'pretty' : 'json';
  return setting;
}

/** The server's logger on `out` (standard output), in the format `LOG_FORMAT` resolves to. */
export function createProcessLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  out: NodeJS.WritableStream & { readonly isTTY?: boolean } = process.stdout,
): { readonly logger: Logger; readonly format: LogFormat } {
  const format = resolveLogFormat(config.logFormat, out.isTTY === true);
  // JSON goes through pino's own fast writer to standard output; pretty lines are formatted in-process.
  const destination = format === 'pretty' ? createPrettyStream(out) : out === process.stdout ? undefined : (out as DestinationStream);
  return { logger: createLogger(config.logLevel, destination), format };
}
