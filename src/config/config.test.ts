import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readRawConfig } from './index.js';
import { loadConfig } from './secrets.js';
import { configurationTable } from './table.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'quarry-config-'));
/** Two secrets as `openssl rand -base64 32` makes them. */
const STRONG_A = 'q0Vx8J2mY7tLr4Wc9Zb1Nf6Hs3Ke5Pu0Ai8Dg2Oj4Q=';
const STRONG_B = 'T9kR2vB7nM4xC1zL8pQ5wE3yU6iO0aS2dF4gH7jK9l=';

describe('configuration', () => {
  it('has embedded defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8000, databaseUrl: undefined, redisUrl: undefined, cookieSecure: false });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/quarry'],
    ['REDIS_URL', 'not a url'],
    ['THROTTLE_KEY_RATE', 'lots'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
    ['COOKIE_SECURE', 'sometimes'],
  ])('stops on a bad %s with a message naming it', (variable, value) => {
    const attempt = () => readRawConfig({ [variable]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^${variable}: `));
  });

  it('does not echo credentials of a bad URL', () => {
    expect(() => readRawConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('generates development secrets once, keeps them private, and reuses them', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSigningKey).toHaveLength(43);
    expect(second.jwtSigningKey).toBe(first.jwtSigningKey);
    expect(second.keyEncryptionSecret).toBe(first.keyEncryptionSecret);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSigningKey).toBe(first.jwtSigningKey);
  });

  it('requires the secrets in production and makes cookies Secure there', () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://quarry.example.com', DATA_DIR: dataDir() };
    expect(() => loadConfig({ ...base, KEY_ENCRYPTION_SECRET: STRONG_B })).toThrow(/^JWT_SIGNING_KEY: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...base, JWT_SIGNING_KEY: STRONG_A })).toThrow(/^KEY_ENCRYPTION_SECRET: required/);
    const config = loadConfig({ ...base, JWT_SIGNING_KEY: STRONG_A, KEY_ENCRYPTION_SECRET: STRONG_B });
    expect(config.cookieSecure).toBe(true);
    expect(config.publicUrl).toBe('https://quarry.example.com');
  });

  describe('in production', () => {
    const production = (env: Record<string, string>) => () =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://quarry.example.com',
        DATA_DIR: dataDir(),
        JWT_SIGNING_KEY: STRONG_A,
        KEY_ENCRYPTION_SECRET: STRONG_B,
        ...env,
      });

    it.each([
      ['short', /too short: 5 bytes, at least 32/],
      ['k'.repeat(40), /not random enough/],
      ['changeme', /too short/],
      ['changeme'.repeat(5), /placeholder/],
      ['change-me-to-a-long-random-secret-please', /placeholder/],
      ['CHANGE_ME_CHANGE_ME_CHANGE_ME_CHANGE_ME', /placeholder/],
      ['secretsecretsecretsecretsecretsecret', /placeholder/],
      ['password'.repeat(4), /placeholder/],
      ['your-secret-key-here-at-least-32-bytes', /placeholder/],
      ['abababababababababababababababababab', /not random enough/],
    ])('refuses the weak secret %j, naming the setting and never echoing the value', (value, reason) => {
      for (const variable of ['JWT_SIGNING_KEY', 'KEY_ENCRYPTION_SECRET', 'METRICS_TOKEN']) {
        const attempt = production({ [variable]: value });
        expect(attempt, variable).toThrow(ConfigError);
        expect(attempt, variable).toThrow(new RegExp(`^${variable}: `));
        expect(attempt, variable).toThrow(reason);
        let message = '';
        try {
          attempt();
        } catch (error) {
          message = (error as Error).message;
        }
        if (value.length > 8) expect(message).not.toContain(value);
      }
    });

    it('accepts secrets as openssl rand makes them (base64 and hex)', () => {
      expect(() => production({ JWT_SIGNING_KEY: 'c0ffee1234567890abcdef0987654321fedcba1234567890abcdef0123456789' })()).not.toThrow();
      expect(production({})().jwtSigningKey).toBe(STRONG_A);
    });

    it('reports every missing or invalid setting in one message', () => {
      let error: unknown;
      try {
        loadConfig({
          NODE_ENV: 'production',
          DATA_DIR: dataDir(),
          JWT_SIGNING_KEY: 'short',
          PORT: 'eighty',
          REDIS_URL: 'not a url',
          METRICS_TOKEN: 'changeme',
        });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.variable);
      expect(problems.sort()).toEqual(['JWT_SIGNING_KEY', 'KEY_ENCRYPTION_SECRET', 'METRICS_TOKEN', 'PORT', 'PUBLIC_URL', 'REDIS_URL']);
      const message = (error as Error).message;
      expect(message).toMatch(/^6 settings need attention:\n/);
      for (const variable of problems) expect(message).toMatch(new RegExp(`^  - ${variable}: `, 'm'));
    });

    it('does not hold development to the production rules', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SIGNING_KEY: 'short', METRICS_TOKEN: 'changeme' })).not.toThrow();
    });
  });

  it('refuses a METRICS_PORT equal to PORT', () => {
    expect(() => readRawConfig({ PORT: '9100', METRICS_PORT: '9100' })).toThrow(/^METRICS_PORT: must differ from PORT/);
  });

  it('reports several bad settings at once outside production too', () => {
    expect(() => readRawConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(/^2 settings need attention:\n {2}- NODE_ENV: .*\n {2}- PORT: /);
  });

  it('refuses a hold TTL shorter than a work timeout, naming both settings', () => {
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '60', CHAT_TIMEOUT_MS: '120000' })).toThrow(
      /^HOLD_TTL_SECONDS: 60 s must be longer than CHAT_TIMEOUT_MS \(120000 ms\)/,
    );
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '60', CHAT_TIMEOUT_MS: '30000', SCRAPE_TIMEOUT_MS: '30000' })).toThrow(
      /^HOLD_TTL_SECONDS: .*SCRAPE_TIMEOUT_MS .*BROWSER_IDLE_CAP_MS/,
    );
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '10', CHAT_TIMEOUT_MS: '5000', SCRAPE_TIMEOUT_MS: '1000', SEARCH_ENGINE_TIMEOUT_MS: '10000' })).toThrow(
      /^HOLD_TTL_SECONDS: .*SEARCH_ENGINE_TIMEOUT_MS/,
    );
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '130', CHAT_TIMEOUT_MS: '120000' })).not.toThrow();
    expect(() => readRawConfig({})).not.toThrow(); // the defaults agree
  });

  it('is documented in the table of docs/configuration.md exactly as the settings declare it', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    expect(doc).toContain(configurationTable());
  });
});
