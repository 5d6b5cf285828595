import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';

let t: TestApp;
let access: string;
const BODY_LIMIT = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT: String(BODY_LIMIT) });
  const user = await t.createUser();
  access = (await t.login(user.email, user.password)).access;
});
afterAll(async () => {
  await t.close();
});

const inject = (options: InjectOptions) => t.quarry.app.inject(options);
const auth = () => ({ authorization: `Bearer ${access}` });

describe('unknown routes and methods', () => {
  it('answers 404 {"detail": "Not found."} for a path no route has', async () => {
    for (const url of ['/nope', '/api/v1/', '/api/v1/api-keys/1/explode/', '/api/v2/api-keys/', '/api/v1/api-keys/1/reset/extra/']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 405 Method "X" not allowed. with an Allow header listing the methods the path has', async () => {
    const res = await inject({ method: 'DELETE', url: '/api/v1/api-keys/', headers: auth() });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
    const allow = String(res.headers.allow).split(/,\s*/);
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(allow).not.toContain('DELETE');

    const login = await inject({ method: 'GET', url: '/api/v1/auth/jwt/create/' });
    expect(login.statusCode).toBe(405);
    expect(login.json()).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(String(login.headers.allow).split(/,\s*/)).toContain('POST');

    const onAKey = await inject({ method: 'POST', url: '/api/v1/api-keys/12/', headers: auth() });
    expect(onAKey.statusCode).toBe(405);
    expect(onAKey.json()).toEqual({ detail: 'Method "POST" not allowed.' });
    expect(String(onAKey.headers.allow).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'PUT', 'PATCH', 'DELETE']));
  });

  it('answers a URL the router cannot decode, or a path segment over the length limit, with the same DRF 404', async () => {
    for (const url of [
      '/api/v1/api-keys/%zz/',
      '/api/v1/api-keys/%E0%A4%A/',
      `/api/v1/api-keys/${'9'.repeat(300)}/`,
      `/api/v1/api-keys/${'a'.repeat(300)}/reveal/`,
    ]) {
      const res = await inject({ method: 'GET', url, headers: { ...auth(), 'x-request-id': 'bad-url' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect(res.headers['x-request-id']).toBe('bad-url');
    }
  });

  it('matches the path with or without the trailing slash', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/api-keys', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect((await inject({ method: 'PUT', url: '/api/v1/auth/jwt/create' })).statusCode).toBe(405);
  });
});

describe('request bodies', () => {
  it('answers 415 for a media type that is not JSON, a form or multipart', async () => {
    const res = await inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });

    const xml = await inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: { ...auth(), 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
  });

  it('answers 415 naming an empty media type when a body comes without Content-Type', async () => {
    const res = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/verify/', body: Buffer.from('{"token": "x"}') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "" in request.' });
  });

  it("answers 400 for a multipart body without a boundary, as DRF's MultiPartParser does", async () => {
    for (const payload of [undefined, 'name=x']) {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/verify/',
        headers: { 'content-type': 'multipart/form-data' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
    }
  });

  it('answers 400 JSON parse error - … for malformed JSON', async () => {
    for (const payload of ['{bad', '{"email": }', '[1, 2', 'nul', '"unterminated', '{"a":1}}']) {
      const res = await inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(Object.keys(res.json())).toEqual(['detail']);
      expect(res.json().detail).toMatch(/^JSON parse error - \S/);
    }
  });

  it('reads an empty JSON body as {} so the required fields are named', async () => {
    const res = await inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it("answers a body that is not an object with DRF's non_field_errors, naming the Python type", async () => {
    const cases: [string, string][] = [
      ['[]', 'list'],
      ['[{"email": "a@b.c"}]', 'list'],
      ['"a string"', 'str'],
      ['42', 'int'],
      ['4.5', 'float'],
      ['true', 'bool'],
    ];
    for (const [payload, type] of cases) {
      const res = await inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`] });
    }
    const onKeys = await inject({ method: 'POST', url: '/api/v1/api-keys/', headers: { ...auth(), 'content-type': 'application/json' }, payload: '[]' });
    expect(onKeys.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it.each([
    ['as is', '{"__proto__": {"token": "x"}}'],
    ['with a \\u escape', '{"token": "x", "\\u005f_proto__": {"token": "y"}}'],
  ])('refuses a __proto__ key spelled %s rather than letting it reach an object', async (_spelling, payload) => {
    const res = await inject({ method: 'POST', url: '/api/v1/auth/jwt/verify/', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^JSON parse error - /);
  });

  it('answers 413 for a body over BODY_LIMIT, whatever its media type', async () => {
    const big = 'x'.repeat(BODY_LIMIT + 10);
    const json = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/create/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: big }),
    });
    expect(json.statusCode).toBe(413);
    expect(Object.keys(json.json())).toEqual(['detail']);

    const form = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/create/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a%40b.c&password=${big}`,
    });
    expect(form.statusCode).toBe(413);
    expect(Object.keys(form.json())).toEqual(['detail']);

    const boundary = 'bigboundary';
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="password"', '', big, `--${boundary}--`, ''].join('\r\n');
    const parts = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/create/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(parts.statusCode).toBe(413);
    expect(Object.keys(parts.json())).toEqual(['detail']);

    const manySmallFields = [
      ...Array.from({ length: 8 }, (_, i) => [`--${boundary}`, `Content-Disposition: form-data; name="f${i}"`, '', 'z'.repeat(200)].join('\r\n')),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const many = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/verify/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: manySmallFields,
    });
    expect(many.statusCode).toBe(413);

    // Streamed without Content-Length: the oversized field must still not be truncated and used.
    const streamed = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/create/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from([Buffer.from(multipart)]),
    });
    expect(streamed.statusCode).toBe(413);

    const justUnder = await inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/verify/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'y'.repeat(BODY_LIMIT - 20) }),
    });
    expect(justUnder.statusCode).toBe(401);
  });
});

describe('request ids', () => {
  it('echoes a safe X-Request-Id', async () => {
    const res = await inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-chosen.id:42' } });
    expect(res.headers['x-request-id']).toBe('client-chosen.id:42');
    const failed = await inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'on-an-error' } });
    expect(failed.headers['x-request-id']).toBe('on-an-error');
  });

  it('generates one when it is absent or unsafe, and a new one per request', async () => {
    const first = await inject({ method: 'GET', url: '/healthz' });
    const second = await inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    for (const unsafe of ['has space', 'a'.repeat(65), '<script>', 'line\u00e9', 'semi;colon', '']) {
      const res = await inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(UUID);
    }
  });
});

describe('operations endpoints', () => {
  it('/healthz and /readyz answer 200 while the database is there', async () => {
    const health = await inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok' });
  });
});

describe('server failures', () => {
  let broken: TestApp;
  let brokenAccess: string;

  beforeAll(async () => {
    broken = await startTestApp();
    const user = await broken.createUser();
    brokenAccess = (await broken.login(user.email, user.password)).access;
    await broken.quarry.db.destroy();
  });
  afterAll(async () => {
    await broken.close();
  });

  it('answer 500 {"error": "Something went wrong"} and show nothing internal', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${brokenAccess}` } },
      { method: 'POST' as const, url: '/api/v1/auth/jwt/create/', payload: { email: 'someone@example.com', password: 'a password of some kind' } },
      { method: 'GET' as const, url: '/api/v1/account/credits/', headers: { 'x-api-key': `qk_${'A'.repeat(43)}` } },
    ]) {
      const res = await broken.quarry.app.inject(request);
      expect(res.statusCode, request.url).toBe(500);
      expect(res.body).toBe('{"error":"Something went wrong"}');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('keep /healthz alive while /readyz says 503', async () => {
    expect((await broken.quarry.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await broken.quarry.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable' });
    expect(ready.body).not.toMatch(/sqlite|postgres|select|Error|at /i);
  });
});
