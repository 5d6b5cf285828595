import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';

/**
 * Issue 13: route schemas are compiled on each route's first request, not at start
 * (src/http/lazy-schemas.ts). The answers must be those of eagerly compiled schemas, the first
 * request included, and a broken schema must still fail the suite rather than a request in production.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('lazily compiled route schemas', () => {
  it('give the DRF error body on a route’s very first request, and forget it on the next', async () => {
    const first = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 42 } });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ email: ['Not a valid string.'], password: ['This field is required.'] });
    const user = await t.createUser();
    const second = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: user.email, password: user.password } });
    expect(second.statusCode).toBe(200);
    // The serializer was generated on this first answer: the body carries exactly the schema's fields.
    expect(Object.keys(second.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('all compile (a broken schema fails here, not on a first request in production)', () => {
    expect(t.quarry.app.compileSchemas()).toBeGreaterThan(100);
  });
});
