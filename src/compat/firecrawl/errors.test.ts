/**
 * Firecrawl's error bodies come from one error handler on the surface's own scope, fed by the same
 * domain-error table as Quarry's REST API: a domain error thrown inside a Firecrawl handler comes
 * out in Firecrawl's shape with REST's status and headers, while the same error outside the scope
 * keeps its DRF body. No hook rewrites a serialised body.
 */
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCreditsError } from '../../credits/ledger.js';
import { creditErrorMapper } from '../../credits/metered-errors.js';
import { DependencyUnavailableError, InvalidInputError, ThrottledError } from '../../errors.js';
import { coreErrorMapper } from '../../http/error-map.js';
import { createHttpServer, type App } from '../../http/server.js';
import { createLogger } from '../../logging.js';
import { jobNotFound, renderFirecrawlError } from './errors.js';

let app: App;
const failures: Record<string, () => Error> = {
  throttled: () => new ThrottledError(2.2),
  'no-credits': () => new InsufficientCreditsError(3),
  'redis-down': () => new DependencyUnavailableError('redis', 5),
  'bad-field': () => InvalidInputError.field('url', 'Enter a valid URL.'),
  'job-gone': () => jobNotFound(),
  bug: () => new TypeError('cannot read properties of undefined'),
};

beforeAll(async () => {
  app = await createHttpServer({
    logger: createLogger('silent'),
    bodyLimit: 1_048_576,
    trustProxy: false,
    errorMappers: [coreErrorMapper({ authenticateHeader: 'Api-Key' }), creditErrorMapper('/plans')],
    publicUrl: 'http://127.0.0.1',
    multipartPrefixes: [],
  });
  await app.register(async (scope: App) => {
    scope.setErrorHandler(renderFirecrawlError);
    for (const [name, failure] of Object.entries(failures)) {
      scope.get(`/v2/${name}`, async () => {
        throw failure();
      });
    }
    scope.post('/v2/validated', { schema: { body: Type.Object({ url: Type.String() }) } }, async () => ({ success: true }));
  });
  app.get('/api/v1/throttled', async () => {
    throw new ThrottledError(2.2);
  });
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe("a domain error thrown in a Firecrawl handler, in Firecrawl's shape", () => {
  it('throttled: 429 with Retry-After, in Firecrawl words', async () => {
    const res = await get('/v2/throttled');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual({ success: false, error: 'Rate limit exceeded. Request was throttled.' });
  });

  it("out of credits: 402 with REST's body as details", async () => {
    const res = await get('/v2/no-credits');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      error: 'Insufficient credits to perform this request.',
      details: { error: 'Insufficient credits', credits_remaining: 3, upgrade_url: '/plans' },
    });
  });

  it('a dependency down: 503 with Retry-After, saying nothing internal', async () => {
    const res = await get('/v2/redis-down');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, error: 'Service temporarily unavailable, try again later.' });
  });

  it('bad input, from the domain or the schema: 400 BAD_REQUEST with the field errors as details', async () => {
    const domain = await get('/v2/bad-field');
    expect(domain.statusCode).toBe(400);
    expect(domain.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      error: 'Bad Request: url: Enter a valid URL.',
      details: { url: ['Enter a valid URL.'] },
    });
    const schema = await app.inject({ method: 'POST', url: '/v2/validated', payload: {} });
    expect(schema.statusCode).toBe(400);
    expect(schema.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      error: 'Bad Request: url: This field is required.',
      details: { url: ['This field is required.'] },
    });
  });

  it("the surface's own errors as they are, and a bug as a bare 500", async () => {
    expect((await get('/v2/job-gone')).json()).toEqual({ success: false, error: 'Job not found' });
    const bug = await get('/v2/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ success: false, error: 'Something went wrong' });
  });

  it('leaves the rest of the API in DRF shape', async () => {
    const res = await get('/api/v1/throttled');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: 'Request was throttled.' });
  });
});
