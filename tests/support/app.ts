import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { createApp, defaultFeatures, type AppParts, type QuarryApp } from '../../src/app.js';
import type { Feature } from '../../src/feature.js';
import { loadConfig } from '../../src/config/secrets.js';
import { createLogger } from '../../src/logging.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  readonly quarry: QuarryApp;
  readonly env: Record<string, string>;
  /** Creates an active user directly (as the operator CLI does) with `credits`. */
  createUser(email?: string, credits?: number): Promise<{ id: number; email: string; password: string }>;
  /** Logs in through the API and returns the token pair. */
  login(email: string, password: string): Promise<{ access: string; refresh: string }>;
  /** Creates an API key through the API for a user and returns its secret and id. */
  createKey(access: string, name?: string): Promise<{ id: number; key: string }>;
  /** A user with an access token and one API key, ready for metered calls. */
  customer(credits?: number): Promise<{ id: number; email: string; password: string; access: string; key: string; keyId: number }>;
  close(): Promise<void>;
}

/** The features to serve besides the core ones, made from what the app's root built (`AppOptions.features`). */
export type FeatureChoice = (parts: AppParts) => readonly Feature[];

/** Only the named default features (`onlyFeatures('chat')`), besides the core ones every app serves. */
export const onlyFeatures =
  (...names: string[]): FeatureChoice =>
  (parts) =>
    defaultFeatures(parts).filter((feature) => names.includes(feature.name));

let counter = 0;
export const PASSWORD = 'a sturdy passphrase 42';

/**
 * The real application on a fresh database (SQLite, or PostgreSQL when the suite runs
 * against it), configured through the same environment parsing as production.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date; features?: FeatureChoice; logDestination?: DestinationStream } = {},
): Promise<TestApp> {
  // A caller that brings its own DATA_DIR/DATABASE_URL shares that storage (e.g. with child processes).
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'quarry-test-'));
  const ownsStorage = env.DATA_DIR === undefined;
  const database: TestDatabase = ownsStorage ? await createTestDatabase() : { url: env.DATABASE_URL, drop: async () => undefined };
  const fullEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGNUP_CREDITS: '0',
    // Links (pagination, mails) come from PUBLIC_URL only; tests read them as light-my-request's default host.
    PUBLIC_URL: 'http://localhost',
    // Every test request comes from 127.0.0.1: the per-address limits are tested on their own (tests/security).
    LOGIN_IP_RATE: '100000/min',
    REGISTRATION_IP_RATE: '100000/min',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  const config = loadConfig(fullEnv);
  const quarry = await createApp(config, {
    logger: createLogger(config.logLevel, options.logDestination),
    ...(options.now ? { now: options.now } : {}),
    ...(options.features ? { features: options.features } : {}),
  });
  const { app } = quarry;

  const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

  const testApp: TestApp = {
    quarry,
    env: fullEnv,
    async createUser(email = `user${++counter}-${Date.now()}@example.com`, credits = 0) {
      const user = await quarry.services.accounts.register({ email, password: PASSWORD, origin: 'http://localhost', active: true, credits });
      return { id: user.id, email: user.email, password: PASSWORD };
    },
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return json(res) as { access: string; refresh: string };
    },
    async createKey(access, name = 'test key') {
      const res = await app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: { authorization: `Bearer ${access}` }, payload: { name } });
      if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
      const body = json(res);
      return { id: body.id as number, key: body.key as string };
    },
    async customer(credits = 0) {
      const user = await testApp.createUser(undefined, credits);
      const { access } = await testApp.login(user.email, user.password);
      const key = await testApp.createKey(access);
      return { ...user, access, key: key.key, keyId: key.id };
    },
    async close() {
      await quarry.close();
      await database.drop();
      if (ownsStorage) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
