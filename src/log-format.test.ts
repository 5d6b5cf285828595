/**
 * Issue 27, item 2: logs a person can read at a terminal and a machine can parse anywhere else,
 * with each fact once per line (`reqId` included).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/support/app.js';
import { prettyLine } from './log-pretty.js';
import { createProcessLogger, resolveLogFormat } from './logging.js';

/** Standard output as a test sees it: every chunk written, and whether it says it is a terminal. */
function capture(isTTY: boolean): Writable & { readonly isTTY: boolean; readonly written: string[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { isTTY, written });
}

describe('LOG_FORMAT', () => {
  it('auto is pretty at a terminal and JSON anywhere else; pretty and json are what they say', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes readable lines at a terminal', () => {
    const out = capture(true);
    const { logger, format } = createProcessLogger({ logLevel: 'info', logFormat: 'auto' }, out);
    logger.warn({ engine: 'serper', vertical: 'web' }, 'search engine serper failed');
    expect(format).toBe('pretty');
    // Colored at a terminal; the text without the colors:
    const escape = String.fromCharCode(27);
    const text = out.written
      .join('')
      .split(escape)
      .map((part) => part.replace(/^\[\d+m/, ''))
      .join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}search engine serper failed engine=serper vertical=web\n$/);
  });

  it('writes JSON lines when asked, even at a terminal', () => {
    const out = capture(true);
    const { logger } = createProcessLogger({ logLevel: 'info', logFormat: 'json' }, out);
    logger.info({ port: 8000 }, 'listening');
    expect(JSON.parse(out.written.join(''))).toMatchObject({ level: 30, port: 8000, msg: 'listening', service: 'quarry' });
  });
});

describe('a pretty line', () => {
  it("shows Fastify's request lines as method, URL, status and time, after the request id", () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.now(),
      service: 'quarry',
      reqId: 'req-7',
      res: { statusCode: 503 },
      responseTime: 4.2,
      msg: 'request completed',
    });
    expect(prettyLine(line)).toMatch(/^\d\d:\d\d:\d\d INFO {2}\[req-7\] request completed 503 4 ms$/);
  });

  it("keeps a message's lines and puts an error's stack under it", () => {
    const line = JSON.stringify({ level: 50, time: Date.now(), err: { message: 'boom', stack: 'Error: boom\n    at here' }, msg: 'first\nsecond' });
    expect(prettyLine(line).split('\n').slice(1)).toEqual(['    second', '    Error: boom', '        at here']);
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLine('plain text\n')).toBe('plain text');
  });
});

describe('a warning of a request', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const destination = { write: (line: string) => void lines.push(line) };
    t = await startTestApp({ LOG_LEVEL: 'warn' }, { logDestination: destination });
  });
  afterAll(async () => t?.close());

  it('names its request id once', async () => {
    const c = await t.customer(1);
    // Nothing can answer in this app (no engine, an empty index): a 503, logged as a warning.
    const res = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/search', headers: { 'x-api-key': c.key }, payload: { query: 'aurora' } });
    expect(res.statusCode).toBe(503);
    const warning = lines.find((line) => line.includes('"level":40'));
    expect(warning).toBeDefined();
    expect(warning!.match(/"reqId"/g)).toHaveLength(1);
  });
});
