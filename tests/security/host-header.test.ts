import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/index.js';
import { loadConfig } from '../../src/config/secrets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { rawRequest } from '../support/raw-http.js';

/**
 * Item 11 of issue 16: a malformed Host is a 400 (it was a 500 in pagination.ts), and no link the
 * service gives — `next`/`previous`, the activation mail — comes from Host or X-Forwarded-Host:
 * they are built from PUBLIC_URL, which production requires.
 */

const PUBLIC_URL = 'https://quarry.public.example';
const ROOT = join(import.meta.dirname, '../..');
const STRONG_A = 'q0Vx8J2mY7tLr4Wc9Zb1Nf6Hs3Ke5Pu0Ai8Dg2Oj4Q=';
const STRONG_B = 'T9kR2vB7nM4xC1zL8pQ5wE3yU6iO0aS2dF4gH7jK9l=';

let t: TestApp;
let port: number;
let access: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL, PAGE_SIZE: '1', TRUST_PROXY: 'true' });
  await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.quarry.app.server.address() as AddressInfo).port;
  const customer = await t.customer();
  access = customer.access;
  await t.createKey(access, 'second');
});
afterAll(async () => {
  await t.close();
});

const keysPage = (host: string, extra: Record<string, string> = {}) =>
  rawRequest({ port, method: 'GET', path: '/api/v1/api-keys/?page=1', headers: { Host: host, Authorization: `Bearer ${access}`, ...extra } });

describe('a malformed Host header', () => {
  it.each([
    'evil.example/../x',
    'a b',
    '[::1',
    'host:99999',
    'user@evil.example',
    'evil.example:80:81',
    'exa%mple',
    '',
    'evil.example?x=1',
    'evil.example#frag',
  ])('%j is a 400, never a 500', async (host) => {
    const answer = await keysPage(host);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Invalid Host header.' });
  });

  it('the same on an unauthenticated route and on /healthz', async () => {
    for (const path of ['/healthz', '/api/v1/auth/jwt/create/']) {
      const answer = await rawRequest({
        port,
        method: path === '/healthz' ? 'GET' : 'POST',
        path,
        headers: { Host: 'bad host', 'Content-Type': 'application/json', 'Content-Length': '2' },
        body: [Buffer.from('{}')],
      });
      expect(answer.status, path).toBe(400);
    }
  });

  it('well-formed hosts pass: names, IPv4, IPv6, ports', async () => {
    for (const host of ['quarry.public.example', '127.0.0.1:8000', '[::1]:8000', 'my_service', 'localhost']) {
      expect((await keysPage(host)).status, host).toBe(200);
    }
  });
});

describe('links come from PUBLIC_URL only', () => {
  it('next and previous ignore Host and X-Forwarded-Host', async () => {
    const first = await keysPage('evil.example', { 'X-Forwarded-Host': 'evil2.example', 'X-Forwarded-Proto': 'http' });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).next).toBe(`${PUBLIC_URL}/api/v1/api-keys/?page=2`);
    const second = await rawRequest({
      port,
      method: 'GET',
      path: '/api/v1/api-keys/?page=2',
      headers: { Host: 'evil.example', Authorization: `Bearer ${access}` },
    });
    expect(JSON.parse(second.body).previous).toBe(`${PUBLIC_URL}/api/v1/api-keys/`);
  });

  it('a request target that looks like another host does not move the link', async () => {
    const answer = await t.quarry.app.inject({ method: 'GET', url: '//evil.example/api/v1/api-keys/', headers: { authorization: `Bearer ${access}` } });
    if (answer.statusCode === 200) expect(answer.json().next).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    else expect(answer.statusCode).toBe(404);
  });

  it('the activation mail links to PUBLIC_URL whatever Host the registration came with', async () => {
    const email = 'host.attack@example.com';
    const body = JSON.stringify({ email, password: 'a sturdy passphrase 42' });
    const answer = await rawRequest({
      port,
      path: '/api/v1/auth/users/',
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil2.example', 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      body: [Buffer.from(body)],
    });
    expect(answer.status).toBe(201);
    const mail = await t.quarry.db.selectFrom('mail_outbox').select('body').where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.body).toContain(`${PUBLIC_URL}/activate/`);
    expect(mail.body).not.toMatch(/evil/);
  });
});

describe('without PUBLIC_URL (development)', () => {
  it('links use http://HOST:PORT, never the Host header', async () => {
    const dev = await startTestApp({ PUBLIC_URL: '', HOST: '0.0.0.0', PORT: '8123', PAGE_SIZE: '1' });
    try {
      const email = 'dev.host.attack@example.com';
      const registered = await dev.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/auth/users/',
        headers: { host: 'evil.example' },
        payload: { email, password: 'a sturdy passphrase 42' },
      });
      expect(registered.statusCode).toBe(201);
      const mail = await dev.quarry.db.selectFrom('mail_outbox').select('body').where('recipient', '=', email).executeTakeFirstOrThrow();
      expect(mail.body).toContain('http://127.0.0.1:8123/activate/');
      expect(mail.body).not.toMatch(/evil/);

      const customer = await dev.customer();
      await dev.createKey(customer.access, 'second');
      const page = await dev.quarry.app.inject({
        method: 'GET',
        url: '/api/v1/api-keys/',
        headers: { host: 'evil.example', authorization: `Bearer ${customer.access}` },
      });
      expect(page.json().next).toBe('http://127.0.0.1:8123/api/v1/api-keys/?page=2');
    } finally {
      await dev.close();
    }
  });
});

describe('PUBLIC_URL in configuration', () => {
  const strong = { JWT_SIGNING_KEY: STRONG_A, KEY_ENCRYPTION_SECRET: STRONG_B };

  it('is required in production', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-host-')), ...strong });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^PUBLIC_URL: required when NODE_ENV=production/);
  });

  it('must be an http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'quarry.example.com', DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-host-')) })).toThrow(
      /^PUBLIC_URL: expected a URL/,
    );
  });

  it('defaults to http://HOST:PORT in development, a wildcard bind read as loopback', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-host-'));
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBe('http://127.0.0.1:8000');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ DATA_DIR: dir, HOST: '::1', PORT: '80' }).publicUrl).toBe('http://[::1]');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://q.example.com/' }).publicUrl).toBe('https://q.example.com');
  });

  it('start-up refuses production without it, with a clear message', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-host-')), PORT: '0', ...strong },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/invalid configuration: PUBLIC_URL: required when NODE_ENV=production/);
  });
});
