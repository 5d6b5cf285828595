import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QuarryApp } from '../app.js';
import { loadConfig } from '../config/secrets.js';
import { createLogger } from '../logging.js';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { PASSWORD } from '../../tests/support/app.js';

// A first run as the README tells it: development mode, no SMTP. Registering must leave the
// activation link in the log, and that link must open a page that activates the account.
let dataDir: string;
let database: TestDatabase;
let quarry: QuarryApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-activation-'));
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://127.0.0.1:8000',
    SIGNUP_CREDITS: '25',
    SEARCH_KEYLESS_ENGINES: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  quarry = await createApp(config, { logger: createLogger(config.logLevel, sink) });
});
afterAll(async () => {
  await quarry?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function register(email: string): Promise<string> {
  const res = await quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(201);
  const logged = lines.filter((line) => line.to === email && typeof line.link === 'string');
  expect(logged).toHaveLength(1);
  expect(logged[0]!.level).toBe(30);
  return String(logged[0]!.link);
}

const login = async (email: string) =>
  (await quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password: PASSWORD } })).statusCode;

describe('the activation link of a first run', () => {
  it('is logged in development and leads to the dashboard page, whose activation call activates the account once', async () => {
    const link = await register('first@example.com');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8000\/activate\/[^/\s]+\/[^/\s]+$/);
    expect(await login('first@example.com')).toBe(401);

    const page = await quarry.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    // What the dashboard page sends: the uid and token of the link.
    const [, , uid, token] = new URL(link).pathname.split('/');
    const activate = () => quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect((await activate()).statusCode).toBe(204);
    expect(await login('first@example.com')).toBe(200);

    // The signup grant comes with activation, once, however often the link is used.
    expect((await activate()).statusCode).not.toBe(204);
    const user = await quarry.services.accounts.login('first@example.com', PASSWORD);
    const me = await quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${user.access}` } });
    expect(me.json()).toMatchObject({ is_active: true, credits_remaining: 25 });
  });
});
