import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.js';

/**
 * Item 13 of issue 16: /metrics is not public, `?api_key=` never reaches a log line or a link,
 * registration does not tell which addresses have an account, and registration, login and
 * resend-activation are limited per client address.
 */

const METRICS_TOKEN = 'mT4pQ9zX2vB7nL1cR8sW3yK6hJ0dF5gA2eU9iO4tY7=';
const THROTTLED = { detail: 'Request was throttled.' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('/metrics', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(env);
    apps.push(app);
    return app;
  };

  it('is not served on the public port without METRICS_TOKEN', async () => {
    const t = await start({});
    const res = await t.quarry.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/process_cpu/);
  });

  it('asks for METRICS_TOKEN as a Bearer token when it is set', async () => {
    const t = await start({ METRICS_TOKEN });
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer wrong',
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ]) {
      const res = await t.quarry.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toMatch(/process_cpu/);
    }
    const ok = await t.quarry.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatch(/process_cpu_user_seconds_total/);
  });

  it('is served on METRICS_PORT, on loopback, and still not on the public port', async () => {
    const port = await freePort();
    const t = await start({ METRICS_PORT: String(port) });
    expect(t.quarry.metricsListener?.port).toBe(port);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/process_cpu_user_seconds_total/);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/api-keys/`)).status).toBe(404);
    expect((await t.quarry.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('on METRICS_PORT with METRICS_TOKEN set, asks for the token there too', async () => {
    const port = await freePort();
    await start({ METRICS_PORT: String(port), METRICS_TOKEN });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });
});

describe('?api_key= in a URL', () => {
  let t: TestApp;
  const lines: string[] = [];
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info', PAGE_SIZE: '1' }, { logDestination: { write: (line: string) => void lines.push(line) } });
    const customer = await t.customer();
    key = customer.key;
    await t.createKey(customer.access, 'second');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is redacted in the request log lines, and dropped from next/previous links', async () => {
    const res = await t.quarry.app.inject({ method: 'GET', url: `/api/v1/api-keys/?api_key=${key}&page=1`, headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe('http://localhost/api/v1/api-keys/?page=2');
    const second = await t.quarry.app.inject({ method: 'GET', url: `/api/v1/api-keys/?API_KEY=${key}&page=2&apikey=${key}`, headers: { 'x-api-key': key } });
    expect(second.json().previous).toBe('http://localhost/api/v1/api-keys/');
    const refused = await t.quarry.app.inject({ method: 'GET', url: `/api/v1/account/credits/?api_key=${key}x` });
    expect(refused.statusCode).toBe(401);

    expect(lines.length).toBeGreaterThan(4);
    expect(lines.filter((line) => line.includes(key.slice(3, 20)))).toEqual([]);
    expect(lines.some((line) => line.includes('api_key=[redacted]'))).toBe(true);
  });

  it('is redacted in error reports and in any URL or message a log line carries', () => {
    const before = lines.length;
    const url = `https://upstream.example/search?q=x&api_key=${key}`;
    t.quarry.app.log.error(
      { err: new Error(`GET ${url} failed`), url, target: { note: 'nested values go through the key paths' } },
      `upstream call to ${url} failed`,
    );
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain(key.slice(3, 20));
    expect(written[0]).toContain('api_key=[redacted]');
    expect(JSON.parse(written[0]!).err.message).toBe('GET https://upstream.example/search?q=x&api_key=[redacted] failed');
  });
});

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser('known.active@example.com');
    await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/', payload: { email: 'known.pending@example.com', password: PASSWORD } });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (email: string) =>
    t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/', payload: { email, password: 'another sturdy passphrase 7' } });
  const shape = (res: Awaited<ReturnType<typeof register>>, email: string) => ({
    status: res.statusCode,
    body: res.body.replace(email, '<email>'),
    headers: Object.keys(res.headers)
      .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
      .sort(),
  });
  const mailsTo = (email: string) => t.quarry.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', email).execute();

  it('answers a known address exactly as an unknown one, and only the mailbox learns the difference', async () => {
    const fresh = shape(await register('unknown.before@example.com'), 'unknown.before@example.com');
    const active = shape(await register('known.active@example.com'), 'known.active@example.com');
    const pending = shape(await register('known.pending@example.com'), 'known.pending@example.com');
    expect(fresh).toEqual({ status: 201, body: '{"email":"<email>"}', headers: expect.any(Array) });
    expect(active).toEqual(fresh);
    expect(pending).toEqual(fresh);

    expect((await mailsTo('unknown.before@example.com')).map((m) => m.subject)).toEqual(['Activate your Quarry account']);
    expect((await mailsTo('known.active@example.com')).map((m) => m.subject)).toEqual(['Your Quarry account already exists']);
    // An inactive account gets its activation link again; its password is not changed by the attempt.
    expect((await mailsTo('known.pending@example.com')).map((m) => m.subject)).toEqual(['Activate your Quarry account', 'Activate your Quarry account']);
  });

  it('spends about as long on a known address as on an unknown one', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await register(email);
      return performance.now() - start;
    };
    await time('warm.up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('known.active@example.com'));
      unknown.push(await time(`unknown-${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('does not flood a known address with notices', async () => {
    for (let i = 0; i < 6; i++) expect((await register('known.active@example.com')).statusCode).toBe(201);
    // RESEND_ACTIVATION_EMAIL_RATE (3/hour) bounds the notices per address.
    expect((await mailsTo('known.active@example.com')).length).toBeLessThanOrEqual(3);
  });
});

/** With QUARRY_TEST_REDIS_URL the limits run on the shared Redis buckets, as several instances would. */
const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;

describe(`per-address limits (${REDIS_URL ? 'Redis' : 'in-process'} buckets)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: 'true',
      REGISTRATION_IP_RATE: '3/hour',
      LOGIN_IP_RATE: '5/min',
      RESEND_ACTIVATION_IP_RATE: '3/hour',
      LOGIN_LOCKOUT_ATTEMPTS: '100',
      ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: `quarry-exposure-${process.pid}-${Date.now()}:` } : {}),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const expectThrottled = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('registration: REGISTRATION_IP_RATE per client address', async () => {
    const register = (email: string, ip: string) =>
      t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/', headers: from(ip), payload: { email, password: PASSWORD } });
    for (let i = 0; i < 3; i++) expect((await register(`ip-a-${i}@example.com`, '203.0.113.1')).statusCode).toBe(201);
    expectThrottled(await register('ip-a-3@example.com', '203.0.113.1'));
    expect((await register('ip-b-0@example.com', '203.0.113.2')).statusCode).toBe(201);
  });

  it('login: LOGIN_IP_RATE per client address, whatever the accounts tried, beside the per-account lockout', async () => {
    const user = await t.createUser();
    const login = (email: string, password: string, ip: string) =>
      t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: from(ip), payload: { email, password } });
    for (let i = 0; i < 5; i++) expect((await login(`sprayed-${i}@example.com`, 'Winter2026!', '198.51.100.7')).statusCode).toBe(401);
    expectThrottled(await login(user.email, user.password, '198.51.100.7'));
    expect((await login(user.email, user.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('resend-activation: per client address (429), while unknown and locked keep their contract answers', async () => {
    const resend = (email: string, ip: string) =>
      t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/resend-activation/', headers: from(ip), payload: { email } });
    const unknown = await resend('nobody-0@example.com', '192.0.2.9');
    expect(unknown.statusCode).toBe(400);
    const locked = await t.createUser();
    await t.quarry.services.accounts.setLocked(locked.email, true);
    expect((await resend(locked.email, '192.0.2.9')).statusCode).toBe(403);
    expect((await resend('nobody-1@example.com', '192.0.2.9')).statusCode).toBe(400);
    expectThrottled(await resend('nobody-2@example.com', '192.0.2.9'));
    expect((await resend('nobody-3@example.com', '192.0.2.10')).statusCode).toBe(400);
  });
});
