import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.js';
import { createHttpServer, type App } from './server.js';

/**
 * A request's logger is made lazily (src/http/request-logger.ts): whatever the level, the lines
 * a request writes carry its id and are redacted as before, and a disabled level writes nothing.
 */
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function serverAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await createHttpServer({
    logger: createLogger(level, sink),
    bodyLimit: 1_048_576,
    trustProxy: false,
    errorMappers: [],
    publicUrl: 'http://127.0.0.1',
    multipartPrefixes: [],
  });
  app.post('/speak', async (request) => {
    request.log.info({ note: 'said at info' }, 'info line');
    request.log.warn({ headers: { 'x-api-key': 'qk_secret' } }, 'warn line');
    return { ok: true };
  });
  await app.ready();
  apps.push(app);
  return { app, lines };
}

describe('the request logger', () => {
  it("at info: Fastify's request lines and the route's own lines, all bound to the request id", async () => {
    const { app, lines } = await serverAt('info');
    const res = await app.inject({ method: 'POST', url: '/speak', headers: { 'x-request-id': 'req-info-1' }, payload: {} });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((line) => line.reqId === 'req-info-1').map((line) => line.msg);
    expect(mine).toEqual(['incoming request', 'info line', 'warn line', 'request completed']);
    const warn = lines.find((line) => line.msg === 'warn line')!;
    expect(warn).toMatchObject({ level: 40, service: 'quarry', headers: { 'x-api-key': '[redacted]' } });
  });

  it('at warn: only the warning, still bound to the request id and redacted', async () => {
    const { app, lines } = await serverAt('warn');
    await app.inject({ method: 'POST', url: '/speak', headers: { 'x-request-id': 'req-warn-1' }, payload: {} });
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['warn line', 'req-warn-1']]);
    expect(JSON.stringify(lines)).not.toContain('qk_secret');
  });

  it('at silent: nothing', async () => {
    const { app, lines } = await serverAt('silent');
    expect((await app.inject({ method: 'POST', url: '/speak', payload: {} })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
