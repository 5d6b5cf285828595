import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';

/**
 * Bad input thrown at the endpoints the dashboard added (password reset, daily usage, ledger
 * export, dashboard config): whatever arrives, the answer is a documented status with a
 * documented body, never a server failure.
 */

const RUNS = 40;
let t: TestApp;
let access: string;

beforeAll(async () => {
  // Generous throttles, so the fuzz reaches the validators rather than the 429.
  t = await startTestApp({ BODY_LIMIT: String(64 * 1024), PASSWORD_RESET_EMAIL_RATE: '100000/hour', PASSWORD_RESET_IP_RATE: '100000/hour' });
  access = (await t.customer(5)).access;
});
afterAll(async () => {
  await t.close();
});

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFieldErrors = (value: unknown): boolean =>
  isPlainObject(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((v) => (Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m !== '')) || isFieldErrors(v));
const isDetail = (value: unknown) => isPlainObject(value) && typeof value.detail === 'string' && value.detail !== '';

function expectDocumented(res: LightMyRequestResponse, ok: readonly number[], what: string): void {
  const where = `${what.slice(0, 300)}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect([...ok, 400, 401, 404, 405, 413, 415, 429], where).toContain(res.statusCode);
  if (res.statusCode === 204) return void expect(res.body, where).toBe('');
  if (ok.includes(res.statusCode)) return;
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(res.body);
  if (res.statusCode === 400) expect(isFieldErrors(body) || isDetail(body), where).toBe(true);
  else expect(isDetail(body), where).toBe(true);
}

const send = (options: InjectOptions) => t.quarry.app.inject(options);

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(null, true, 0, -1, 1e308, '', ' ', 'a@b.c', 'MQ', 'zz-zz', '0-' + 'a'.repeat(32), 'a'.repeat(200), '__proto__'),
);
const bodyFor = (fields: readonly string[]) =>
  fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor'), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 4 }), anyValue);

const POSTS = [
  { url: '/api/v1/auth/users/reset_password/', fields: ['email'], ok: [204] },
  { url: '/api/v1/auth/users/reset_password_confirm/', fields: ['uid', 'token', 'new_password'], ok: [204] },
] as const;

describe('password-reset endpoints', () => {
  for (const endpoint of POSTS) {
    it(`POST ${endpoint.url}: wrong types, odd values, broken JSON and content types`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.fields), async (value) => {
          const payload = JSON.stringify(value);
          expectDocumented(await send({ method: 'POST', url: endpoint.url, headers: { 'content-type': 'application/json' }, payload }), endpoint.ok, payload);
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml'),
          async (payload, contentType) => {
            expectDocumented(
              await send({ method: 'POST', url: endpoint.url, headers: { 'content-type': contentType }, payload }),
              endpoint.ok,
              `${contentType}: ${payload}`,
            );
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

describe('dashboard GET endpoints', () => {
  const GETS = ['/api/v1/usage/daily/', '/api/v1/credits/ledger/export/', '/api/v1/dashboard/config/'];
  for (const url of GETS) {
    it(`GET ${url}: any query string, any credentials`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.oneof(fc.constantFrom('days', 'page', 'format'), fc.string({ maxLength: 6 })), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
          fc.constantFrom<Record<string, string>>(
            {},
            { authorization: `Bearer ${access}` },
            { authorization: 'Bearer x.y.z' },
            { cookie: `access=${access}` },
            { cookie: 'access=%ZZ' },
          ),
          async (query, headers) => {
            const res = await send({ method: 'GET', url, query, headers });
            expectDocumented(res, [200], `${url} ${JSON.stringify(query)} ${JSON.stringify(headers)}`);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});
