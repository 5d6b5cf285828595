import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { toDrfErrors } from './drf-validation.js';
import { nullCharacterError } from './null-characters.js';

// PostgreSQL cannot store U+0000 in text or jsonb: before this check, a form field of NULs sent to
// resend-activation reached the user lookup and answered 500 there (found by the fuzz suite).
let t: TestApp;
let customer: Awaited<ReturnType<TestApp['customer']>>;

beforeAll(async () => {
  t = await startTestApp();
  customer = await t.customer(10);
});
afterAll(async () => {
  await t.close();
});

describe('a NUL character in a request', () => {
  it("is refused by REST with DRF's message on the field that holds it, in JSON and in a form", async () => {
    const json = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/resend-activation/', payload: { email: '\u0000'.repeat(40) } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ email: ['Null characters are not allowed.'] });

    const form = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/reset_password/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent('a\u0000@example.com')}`,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ email: ['Null characters are not allowed.'] });
  });

  it('is refused in a nested field and stores nothing', async () => {
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: { authorization: `Bearer ${customer.access}` },
      payload: { name: 'laptop\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Null characters are not allowed.'] });
    const list = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${customer.access}` } });
    expect(list.json().results).toHaveLength(1);
  });

  it('is a 400 naming the field on a drop-in surface too', async () => {
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/v1/crawl',
      headers: { authorization: `Bearer ${customer.key}` },
      payload: { url: 'https://example.com/', includePaths: ['/docs', '/a\u0000'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('includePaths.1') });
    expect(await t.quarry.app.inject({ method: 'GET', url: '/healthz' }).then((r) => r.statusCode)).toBe(200);
  });
});

describe('a NUL character under a field named like a prototype', () => {
  // Found by the fuzz suite in CI: a valid body with an extra `{"constructor": {"prototype": [..., "\u0000"]}}`
  // made the error body's builder write into Object.prototype ("1"), and every later request of
  // the process answered 500.
  it('is a 400, and the process is unharmed', async () => {
    const res = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-activation/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"someone@example.com","constructor":{"prototype":["a","b\\u0000"]}}',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect((await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/resend-activation/', payload: {} })).json()).toEqual({
      email: ['This field is required.'],
    });
  });

  it('never reaches a prototype when the DRF body is built', () => {
    const body = toDrfErrors([{ keyword: 'nullCharacters', instancePath: '/__proto__/1', schemaPath: '#', params: {} }]);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(JSON.stringify(body)).toBe('{"__proto__":{"1":["Null characters are not allowed."]}}');
    const nested = toDrfErrors([{ keyword: 'nullCharacters', instancePath: '/constructor/prototype/x', schemaPath: '#', params: {} }]);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(JSON.stringify(nested)).toBe('{"constructor":{"prototype":{"x":["Null characters are not allowed."]}}}');
  });
});

describe('nullCharacterError', () => {
  it('points at the first value or key holding U+0000, in JSON Pointer form', () => {
    expect(nullCharacterError({ a: 'fine', b: ['x', 'y\u0000'] })?.instancePath).toBe('/b/1');
    expect(nullCharacterError({ 'a/b~\u0000': 1 })?.instancePath).toBe('/a~1b~0\u0000');
    expect(nullCharacterError({ a: 'fine', n: 1, z: null, list: [{ deep: 'ok' }] })).toBeUndefined();
    expect(nullCharacterError('\u0000')?.instancePath).toBe('');
  });
});

describe('nullCharacterError on a deep body', () => {
  it('walks 100,000 levels without running out of stack', () => {
    let body: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) body = { a: body };
    expect(nullCharacterError(body)?.instancePath).toBe('/a'.repeat(100_000));
  });
});
