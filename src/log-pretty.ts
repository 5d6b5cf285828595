/**
 * Log lines for a person at a terminal: pino's JSON line turned into `12:04:05 INFO  [req-1]
 * POST /api/v1/search 200 4 ms` (time, level, request id, message, then the other fields as
 * `name=value`), an error's stack on the lines below it. Written in-process (no worker thread, no
 * extra dependency): formatting one line costs about what writing it does.
 */
import type { DestinationStream } from 'pino';

const LEVELS: Readonly<Record<number, { readonly label: string; readonly color: string }>> = {
  10: { label: 'TRACE', color: '90' },
  20: { label: 'DEBUG', color: '36' },
  30: { label: 'INFO ', color: '32' },
  40: { label: 'WARN ', color: '33' },
  50: { label: 'ERROR', color: '31' },
  60: { label: 'FATAL', color: '35' },
};

/** Fields every line has, shown in the line's frame or not at all. */
const FRAME = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

function paint(text: string, color: string, colors: boolean): string {
  return colors ? `\u001b[${color}m${text}\u001b[0m` : text;
}

function clock(time: unknown): string {
  const at = typeof time === 'number' ? new Date(time) : new Date();
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

function shown(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** Fastify's request lines: the method and URL on "incoming request", the status and time on "request completed". */
function requestPart(line: Record<string, unknown>): string {
  const req = line.req as { method?: string; url?: string } | undefined;
  const res = line.res as { statusCode?: number } | undefined;
  const parts: string[] = [];
  if (req?.method !== undefined) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof line.responseTime === 'number') parts.push(`${Math.round(line.responseTime)} ms`);
  return parts.join(' ');
}

/** One JSON log line as a person reads it; a line that is not JSON is returned as it is. */
export function prettyLine(json: string, colors = false): string {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const level = LEVELS[Number(line.level)] ?? { label: String(line.level).padEnd(5), color: '0' };
  const head = [paint(clock(line.time), '90', colors), paint(level.label, level.color, colors)];
  if (line.reqId !== undefined) head.push(paint(`[${String(line.reqId)}]`, '90', colors));
  const message = typeof line.msg === 'string' ? line.msg : '';
  const request = requestPart(line);
  const fields = Object.entries(line)
    .filter(([name, value]) => !FRAME.has(name) && value !== undefined)
    .map(([name, value]) => `${name}=${shown(value)}`);
  const body = [message, request, ...fields].filter((part) => part !== '').join(' ');
  const err = line.err as { message?: string; stack?: string } | undefined;
  const trace = err === undefined ? '' : `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}`;
  // A message of several lines (the start-up summary) keeps its lines, indented under the frame.
  return `${head.join(' ')} ${body.split('\n').join('\n    ')}${trace}`;
}

/** A pino destination writing `prettyLine`s to `out` (colored when it is a terminal). */
export function createPrettyStream(out: NodeJS.WritableStream & { readonly isTTY?: boolean }): DestinationStream {
  const colors = out.isTTY === true;
  return {
    write(json: string) {
      out.write(`${prettyLine(json, colors)}\n`);
    },
  };
}
