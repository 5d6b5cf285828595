import pino, { type DestinationStream, type Logger } from 'pino';

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

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: { service: 'quarry' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
