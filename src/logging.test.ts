import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/database.js';
import { createApp, type QuarryApp } from './app.js';
import { loadConfig } from './config/secrets.js';
import { createLogger } from './logging.js';

/**
 * A whole account's life at LOG_LEVEL=trace, with every log line captured: the log must
 * let an operator follow each request by its id and must never hold a credential.
 */

const PASSWORD = 'correct horse battery staple 77';
const WRONG_PASSWORD = 'definitely-not-it wrong 1234';
const JWT_SIGNING_KEY = 'jwt-signing-key-that-must-stay-secret-0123456789';
const KEY_ENCRYPTION_SECRET = 'key-encryption-secret-that-must-stay-secret-9876';
const EMAIL = 'logged.user@example.com';

interface LogLine {
  readonly raw: string;
  readonly fields: Record<string, unknown>;
}

let quarry: QuarryApp;
let database: TestDatabase;
let dataDir: string;
const lines: LogLine[] = [];
/** Everything that must never be written to the log. */
const secrets = new Map<string, string>();
/** Request ids of every response of the flow. */
const requestIds: string[] = [];
/** The multipart login that carries every credential in its headers (see the known leak below). */
let multipartRequestId = '';
let failureRequestId = '';

function remember(what: string, value: string | undefined): void {
  if (!value) throw new Error(`the flow produced no ${what}`);
  secrets.set(`${what} #${secrets.size}`, value);
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await quarry.app.inject(options);
  requestIds.push(String(res.headers['x-request-id']));
  for (const cookie of [res.headers['set-cookie'] ?? []].flat()) {
    const value = /^[^=]+=([^;]*)/.exec(String(cookie))?.[1];
    if (value) remember('cookie value', decodeURIComponent(value));
  }
  return res;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-logging-'));
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace',
    SIGNUP_CREDITS: '11',
    JWT_SIGNING_KEY,
    KEY_ENCRYPTION_SECRET,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  expect(config.logLevel).toBe('trace');
  const destination = { write: (chunk: string) => void lines.push({ raw: chunk, fields: JSON.parse(chunk) as Record<string, unknown> }) };
  quarry = await createApp(config, { logger: createLogger(config.logLevel, destination) });
  remember('password', PASSWORD);
  remember('wrong password', WRONG_PASSWORD);
  remember('JWT signing key', JWT_SIGNING_KEY);
  remember('key encryption secret', KEY_ENCRYPTION_SECRET);

  // Register, then activate with the link from the outbox.
  const registered = await send({ method: 'POST', url: '/api/v1/auth/users/', payload: { email: EMAIL, password: PASSWORD } });
  expect(registered.statusCode).toBe(201);
  const mail = await quarry.db.selectFrom('mail_outbox').select('body').where('recipient', '=', EMAIL).executeTakeFirstOrThrow();
  const [, uid, token] = /\/activate\/([^/\s]+)\/([^/\s]+)/.exec(mail.body) ?? [];
  remember('activation token', token);
  expect((await send({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } })).statusCode).toBe(204);

  // Log in (JSON, then a form body), refresh from the body and from the cookie.
  const login = await send({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: EMAIL, password: PASSWORD } });
  expect(login.statusCode).toBe(200);
  const pair = login.json() as { access: string; refresh: string };
  remember('access token', pair.access);
  remember('refresh token', pair.refresh);
  const formLogin = await send({
    method: 'POST',
    url: '/api/v1/auth/jwt/create/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
  });
  expect(formLogin.statusCode).toBe(200);
  const refreshed = await send({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: pair.refresh } });
  expect(refreshed.statusCode).toBe(200);
  const rotated = refreshed.json() as { access: string; refresh: string };
  remember('rotated access token', rotated.access);
  remember('rotated refresh token', rotated.refresh);
  const fromCookie = await send({
    method: 'POST',
    url: '/api/v1/auth/jwt/refresh/',
    cookies: { refresh: rotated.refresh },
    headers: { origin: 'http://localhost:80' },
  });
  expect(fromCookie.statusCode).toBe(200);
  const access = (fromCookie.json() as { access: string }).access;
  remember('cookie-refreshed access token', access);
  remember('cookie-refreshed refresh token', (fromCookie.json() as { refresh: string }).refresh);
  const verified = await send({ method: 'POST', url: '/api/v1/auth/jwt/verify/', payload: { token: access } });
  expect(verified.statusCode).toBe(200);

  // Keys: create, reveal, use, reset; with the token in the header and in the cookie.
  const created = await send({ method: 'POST', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${access}` }, payload: { name: 'logged key' } });
  expect(created.statusCode).toBe(201);
  const key = created.json() as { id: number; key: string };
  remember('API key', key.key);
  const revealed = await send({ method: 'POST', url: `/api/v1/api-keys/${key.id}/reveal/`, headers: { authorization: `JWT ${access}` } });
  expect(revealed.json()).toMatchObject({ key: key.key });
  const listed = await send({ method: 'GET', url: '/api/v1/api-keys/', cookies: { access } });
  expect(listed.statusCode).toBe(200);
  const credits = await send({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key.key } });
  expect(credits.json()).toEqual({ credits_remaining: 11 });
  const reset = await send({ method: 'POST', url: `/api/v1/api-keys/${key.id}/reset/`, headers: { authorization: `Bearer ${access}` } });
  expect(reset.statusCode).toBe(201);
  remember('reset API key', (reset.json() as { key: string }).key);

  // Failures that carry credentials: a wrong password, a revoked key, a broken token, a bad multipart login.
  const failed = await send({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: EMAIL, password: WRONG_PASSWORD } });
  expect(failed.statusCode).toBe(401);
  expect((await send({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key.key } })).statusCode).toBe(401);
  expect((await send({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}x` } })).statusCode).toBe(401);
  expect(
    (
      await send({
        method: 'POST',
        url: '/api/v1/auth/jwt/create/',
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "${EMAIL}", "password": "${WRONG_PASSWORD}"`,
      })
    ).statusCode,
  ).toBe(400);
  const boundary = 'loggedboundary';
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="email"',
    '',
    EMAIL,
    `--${boundary}`,
    'Content-Disposition: form-data; name="password"',
    '',
    WRONG_PASSWORD,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const multipartLogin = await send({
    method: 'POST',
    url: '/api/v1/auth/jwt/create/',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${access}`, 'x-api-key': key.key },
    cookies: { access, refresh: rotated.refresh },
    payload: multipart,
  });
  expect(multipartLogin.statusCode).toBe(401);
  multipartRequestId = String(multipartLogin.headers['x-request-id']);

  const loggedOut = await send({
    method: 'POST',
    url: '/api/v1/auth/logout/',
    headers: { authorization: `Bearer ${access}` },
    payload: { refresh: rotated.refresh },
  });
  expect(loggedOut.statusCode).toBe(204);

  // Last, a server failure: the database goes away under a request that carries a token.
  await quarry.db.destroy();
  const failure = await send({ method: 'GET', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${access}` } });
  expect(failure.statusCode).toBe(500);
  failureRequestId = String(failure.headers['x-request-id']);
});

function leaksIn(candidates: readonly LogLine[]): string[] {
  const leaks: string[] = [];
  for (const [what, secret] of secrets) {
    // The tail of a JWT is its signature and the tail of a key its random part: a leak of either is a leak.
    const pieces = [secret, secret.slice(-16)];
    for (const line of candidates) {
      if (pieces.some((piece) => line.raw.includes(piece))) leaks.push(`${what} in: ${line.raw.slice(0, 400)}`);
    }
  }
  return leaks;
}

afterAll(async () => {
  await quarry?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('logging at trace level through a whole account flow', () => {
  it('writes request lines at all, so the checks below have something to check', () => {
    expect(lines.length).toBeGreaterThan(requestIds.length * 2);
    expect(lines.some((line) => line.fields.level === 10)).toBe(true);
    expect(secrets.size).toBeGreaterThan(12);
  });

  it('never writes a password, token, key secret, cookie value or server secret, whole or in part', () => {
    expect(leaksIn(lines.filter((line) => line.fields.reqId !== multipartRequestId))).toEqual([]);
  });

  // @fastify/multipart logs `{ busboyOptions: { headers } }` at trace level for every multipart request.
  it('never writes credentials sent with a multipart body either (trace line of the multipart parser)', () => {
    const own = lines.filter((line) => line.fields.reqId === multipartRequestId);
    expect(own.length).toBeGreaterThan(0);
    expect(leaksIn(own)).toEqual([]);
  });

  it("marks every line about a request with that request's id", () => {
    const requestLines = lines.filter((line) => 'req' in line.fields || 'res' in line.fields || 'responseTime' in line.fields);
    expect(requestLines.length).toBeGreaterThanOrEqual(requestIds.length * 2);
    for (const line of requestLines) expect(typeof line.fields.reqId, line.raw).toBe('string');
    for (const id of requestIds) {
      const own = lines.filter((line) => line.fields.reqId === id);
      expect(
        own.some((line) => 'req' in line.fields),
        `incoming line of ${id}`,
      ).toBe(true);
      expect(
        own.some((line) => 'res' in line.fields),
        `completion line of ${id}`,
      ).toBe(true);
    }
    expect(new Set(requestIds).size).toBe(requestIds.length);
  });

  it('logs a server failure as an error with its request id and the cause, for the operator only', () => {
    const failure = lines.find((line) => line.fields.reqId === failureRequestId && line.fields.level === 50);
    expect(failure, 'an error line for the failed request').toBeDefined();
    expect(failure!.fields.err).toMatchObject({ message: expect.any(String) });
  });
});
