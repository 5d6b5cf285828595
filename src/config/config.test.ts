import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readRawConfig } from './index.js';
import { loadConfig } from './secrets.js';
import { configurationTable } from './table.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'quarry-config-'));

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
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/^JWT_SIGNING_KEY: required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SIGNING_KEY: 'k'.repeat(40), DATA_DIR: dataDir() })).toThrow(/^KEY_ENCRYPTION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SIGNING_KEY: 'k'.repeat(40), KEY_ENCRYPTION_SECRET: 's'.repeat(40), DATA_DIR: dataDir() });
    expect(config.cookieSecure).toBe(true);
  });

  it('refuses a hold TTL shorter than a work timeout, naming both settings', () => {
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '60', CHAT_TIMEOUT_MS: '120000' })).toThrow(/^HOLD_TTL_SECONDS: 60 s must be longer than CHAT_TIMEOUT_MS \(120000 ms\)/);
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '60', CHAT_TIMEOUT_MS: '30000', SCRAPE_TIMEOUT_MS: '30000' })).toThrow(/^HOLD_TTL_SECONDS: .*SCRAPE_TIMEOUT_MS .*BROWSER_IDLE_CAP_MS/);
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '10', CHAT_TIMEOUT_MS: '5000', SCRAPE_TIMEOUT_MS: '1000', SEARCH_ENGINE_TIMEOUT_MS: '10000' })).toThrow(/^HOLD_TTL_SECONDS: .*SEARCH_ENGINE_TIMEOUT_MS/);
    expect(() => readRawConfig({ HOLD_TTL_SECONDS: '130', CHAT_TIMEOUT_MS: '120000' })).not.toThrow();
    expect(() => readRawConfig({})).not.toThrow(); // the defaults agree
  });

  it('is documented in the README table exactly as the settings declare it', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readme).toContain(configurationTable());
  });
});
