import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.js';
import { ScrapeError } from '../scrape/errors.js';
import { scrapeErrorMapper } from '../scrape/error-map.js';
import { createHttpServer, type App } from './server.js';

// Log levels must fit the event: a target's 404 is the target's problem (a warning with its
// cause, no stack), while an error nobody expected is ours (an error with the stack).
const lines: Record<string, unknown>[] = [];
let app: App;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await createHttpServer({
    logger: createLogger('info', sink),
    bodyLimit: 1_048_576,
    trustProxy: false,
    errorMappers: [scrapeErrorMapper],
    publicUrl: 'http://127.0.0.1',
    multipartPrefixes: [],
  });
  app.get('/target-404', async () => {
    throw new ScrapeError('target_status', 'The target answered 404 Not Found.', 404);
  });
  app.get('/bug', async () => {
    throw new TypeError('cannot read properties of undefined');
  });
  await app.ready();
});
afterAll(() => app?.close());

const linesAbout = (message: string) => lines.filter((line) => line.msg === message);

describe('log levels of failed requests', () => {
  it("logs a target's 404 as one warning with its cause and no stack", async () => {
    const res = await app.inject({ method: 'GET', url: '/target-404' });
    expect(res.statusCode).toBe(502);
    const [warning, ...more] = linesAbout('request not served');
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ level: 40, status: 502, cause: 'The target answered 404 Not Found.' });
    expect(JSON.stringify(warning)).not.toContain('stack');
    expect(linesAbout('request failed')).toEqual([]);
  });

  it('logs an unexpected failure as an error with its stack', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    const [error] = linesAbout('request failed');
    expect(error).toMatchObject({ level: 50, err: { type: 'TypeError', stack: expect.stringContaining('TypeError') } });
  });
});
