import { bool, ConfigError, int, list, oneOf, optionalStr, rate, str, url, type Setting } from './settings.js';

export { ConfigError } from './settings.js';
export type { Rate } from './settings.js';

/**
 * The environment variables Quarry reads, in the order the README lists them.
 * Secrets marked "generated in development" are created once and kept in
 * `DATA_DIR/secrets.json` unless `NODE_ENV=production`, where they are required.
 */
export const SETTINGS = {
  nodeEnv: oneOf('NODE_ENV', 'Run mode; `production` requires the secrets and sets Secure cookies', ['development', 'production', 'test'] as const, 'development'),
  host: str('HOST', 'Address the HTTP server listens on', '127.0.0.1'),
  port: int('PORT', 'Port the HTTP server listens on', 8000, 0, 65535),
  dataDir: str('DATA_DIR', 'Folder for the embedded SQLite database and generated secrets', './data'),
  databaseUrl: url('DATABASE_URL', 'PostgreSQL URL (`postgres://…`); unset → SQLite in `DATA_DIR/quarry.db`', ['postgres:', 'postgresql:']),
  databasePoolSize: int('DATABASE_POOL_SIZE', 'PostgreSQL connections per process', 10, 1, 1000),
  redisUrl: url('REDIS_URL', 'Redis URL (`redis://…`) for shared cache and throttles; unset → in-process', ['redis:', 'rediss:']),
  logLevel: oneOf('LOG_LEVEL', 'pino log level', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  trustProxy: bool('TRUST_PROXY', 'Take the client address from `X-Forwarded-For` (behind a reverse proxy)', false),
  bodyLimit: int('BODY_LIMIT', 'Largest request body in bytes (larger → 413)', 1_048_576, 1024),
  publicUrl: optionalStr('PUBLIC_URL', 'Public origin of the service, used in mails and as a trusted CSRF origin (e.g. `https://quarry.example.com`)'),

  jwtSigningKey: optionalStr('JWT_SIGNING_KEY', 'HS256 key for access and refresh tokens (generated in development)'),
  jwtAccessLifetime: int('JWT_ACCESS_LIFETIME', 'Access-token lifetime in seconds', 300, 1),
  jwtRefreshLifetime: int('JWT_REFRESH_LIFETIME', 'Refresh-token lifetime in seconds', 86_400, 1),
  cookieSecure: optionalStr('COOKIE_SECURE', 'Mark auth cookies `Secure` (default: true in production, false otherwise)'),
  csrfTrustedOrigins: list('CSRF_TRUSTED_ORIGINS', 'Extra origins allowed to make cookie-authenticated unsafe requests (comma-separated)'),
  keyEncryptionSecret: optionalStr('KEY_ENCRYPTION_SECRET', 'Secret for AES-256-GCM storage of API keys, which makes them revealable (generated in development)'),

  smtpUrl: url('SMTP_URL', 'SMTP server for mail (`smtp://user:pass@host:587`, `smtps://…`); unset → mail goes to the log and the outbox table', ['smtp:', 'smtps:']),
  mailFrom: str('MAIL_FROM', 'Sender address of outgoing mail', 'Quarry <no-reply@quarry.local>'),
  activationUrl: str('ACTIVATION_URL', 'Activation link sent by mail; `{uid}` and `{token}` are replaced', '{origin}/activate/{uid}/{token}'),
  activationTokenLifetime: int('ACTIVATION_TOKEN_LIFETIME', 'Seconds an activation link stays valid', 3 * 86_400, 60),
  signupCredits: int('SIGNUP_CREDITS', 'Credits granted once when an account is activated', 100, 0),

  loginLockoutAttempts: int('LOGIN_LOCKOUT_ATTEMPTS', 'Failed logins in a row that lock an account', 5, 1),
  loginLockoutSeconds: int('LOGIN_LOCKOUT_SECONDS', 'How long a lockout lasts, in seconds', 900, 1),
  resendActivationEmailRate: rate('RESEND_ACTIVATION_EMAIL_RATE', 'Resend-activation limit per email address', '3/hour'),
  resendActivationIpRate: rate('RESEND_ACTIVATION_IP_RATE', 'Resend-activation limit per client address', '20/hour'),
  pageSize: int('PAGE_SIZE', 'Items per page of paginated lists', 20, 1, 1000),
  maxKeysPerAccount: int('MAX_KEYS_PER_ACCOUNT', 'Active API keys an account may hold', 100, 1),
  lastUsedFlushSeconds: int('KEY_LAST_USED_FLUSH_SECONDS', 'How often API-key `last_used` times are written (batched)', 30, 1),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;
export type RawConfig = { [K in keyof Settings]: ReturnType<Settings[K]['parse']> };

/** Configuration after secrets are resolved; this is what the composition root hands around. */
export interface Config extends Omit<RawConfig, 'jwtSigningKey' | 'cookieSecure' | 'keyEncryptionSecret'> {
  readonly jwtSigningKey: string;
  readonly keyEncryptionSecret: string | undefined;
  readonly cookieSecure: boolean;
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function readRawConfig(env: NodeJS.ProcessEnv): RawConfig {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(SETTINGS)) {
    out[key] = (spec as Setting<unknown>).parse(env[spec.env]);
  }
  const raw = out as RawConfig;
  if (raw.cookieSecure !== undefined && !/^(true|false|1|0|yes|no|on|off)$/i.test(raw.cookieSecure)) {
    throw new ConfigError('COOKIE_SECURE', `expected true or false, got "${raw.cookieSecure}"`);
  }
  return raw;
}
