/**
 * What Tavily's and Exa's one error handler answers, whatever raised the error: the surface's own
 * refusals, the domain errors by closed code, Fastify's request errors, and any other error Quarry's
 * REST table knows, with REST's status; only a bug is left to the surface's 500.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { InsufficientCreditsError } from '../credits/ledger.js';
import { NotFoundError, PermissionDeniedError, ThrottledError } from '../errors.js';
import { createErrorAnswer } from '../http/error-answer.js';
import { coreErrorMapper } from '../http/error-map.js';
import { createLogger } from '../logging.js';
import { CompatError } from './compat-error.js';
import { surfaceFailure } from './domain-errors.js';

const request = { id: 'req-1', headers: {}, log: createLogger('silent') } as unknown as FastifyRequest;
const answer = createErrorAnswer([coreErrorMapper({ authenticateHeader: 'Api-Key' })]);
const failureOf = (error: unknown) => surfaceFailure(error, request, answer);

describe('the failure an agent surface answers', () => {
  it("passes the surface's own refusal on as it is", () => {
    expect(failureOf(new CompatError(400, 'include_images is not supported'))).toMatchObject({ status: 400, message: 'include_images is not supported' });
  });

  it('answers the domain errors by their closed code, with Retry-After for a throttle', () => {
    expect(failureOf(new InsufficientCreditsError(0))).toMatchObject({ code: 'insufficient_credits', status: 402, message: 'Insufficient credits' });
    expect(failureOf(new ThrottledError(1.5))).toMatchObject({ code: 'throttled', status: 429, headers: { 'retry-after': '2' } });
  });

  it("answers a schema error as one sentence naming the field, with Tavily's and Exa's 400", () => {
    const validation = Object.assign(new Error('body must have required property'), {
      statusCode: 400,
      validation: [{ keyword: 'required', instancePath: '', params: { missingProperty: 'query' } }],
    });
    expect(failureOf(validation)).toEqual({ status: 400, message: 'query is required', headers: {} });
  });

  it("answers any other error REST's table knows with REST's status and words", () => {
    expect(failureOf(new NotFoundError())).toEqual({ status: 404, message: 'Not found.', headers: {} });
    expect(failureOf(new PermissionDeniedError())).toMatchObject({ status: 403, message: 'You do not have permission to perform this action.' });
  });

  it("leaves a bug to the surface's 500", () => {
    expect(failureOf(new TypeError('cannot read properties of undefined'))).toBeUndefined();
  });
});
