import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseRawConfig, type Config, type RawConfig } from './index.js';
import { productionProblems } from './production.js';

interface StoredSecrets {
  jwtSigningKey?: string;
  keyEncryptionSecret?: string;
}

const SECRET_SETTINGS = [
  ['jwtSigningKey', 'JWT_SIGNING_KEY'],
  ['keyEncryptionSecret', 'KEY_ENCRYPTION_SECRET'],
] as const;

/**
 * Fills in missing secrets and the public URL. In production both are required (see
 * `productionProblems`); in development secrets are generated once and kept in
 * `DATA_DIR/secrets.json` (mode 0600), so tokens and revealable keys survive restarts.
 */
export function resolveSecrets(raw: RawConfig): Config {
  const problems = productionProblems(raw);
  if (problems.length > 0) throw new ConfigError(problems);
  const missing = SECRET_SETTINGS.filter(([key]) => !raw[key]);
  let stored: StoredSecrets = {};
  if (missing.length > 0) {
    stored = loadOrCreateSecrets(
      raw.dataDir,
      missing.map(([key]) => key),
    );
  }
  const cookieSecure = raw.cookieSecure === undefined ? raw.nodeEnv === 'production' : /^(true|1|yes|on)$/i.test(raw.cookieSecure);
  return {
    ...raw,
    jwtSigningKey: raw.jwtSigningKey ?? stored.jwtSigningKey!,
    keyEncryptionSecret: raw.keyEncryptionSecret ?? stored.keyEncryptionSecret,
    cookieSecure,
    publicUrl: (raw.publicUrl ?? developmentPublicUrl(raw.host, raw.port)).replace(/\/+$/, ''),
  };
}

/** Where a development server is reached: its own address, with a wildcard bind read as loopback. */
export function developmentPublicUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

function loadOrCreateSecrets(dataDir: string, needed: readonly (keyof StoredSecrets)[]): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError('DATA_DIR', `cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const absent = needed.filter((key) => !stored[key]);
  if (absent.length > 0) {
    for (const key of absent) stored[key] = randomBytes(32).toString('base64url');
    try {
      mkdirSync(dataDir, { recursive: true });
      // Exclusive create: when several processes start at once, the first file wins and all read it.
      writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600, flag: Object.keys(stored).length === absent.length ? 'wx' : 'w' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecrets(dataDir, needed);
      throw new ConfigError('DATA_DIR', `cannot write ${file}: ${(error as Error).message}`);
    }
  }
  return stored;
}

/** Reads and validates the whole configuration once, at start; every problem is reported in one ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { raw, problems } = parseRawConfig(env);
  problems.push(...productionProblems(raw));
  if (problems.length > 0) throw new ConfigError(problems);
  return resolveSecrets(raw);
}
