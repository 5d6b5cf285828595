import type { ConfigProblem, RawConfig } from './index.js';

/** Shortest secret accepted in production: 256 bits, what `openssl rand -base64 32` gives. */
export const MIN_SECRET_BYTES = 32;

/**
 * Values people paste from examples and templates. Compared after lower-casing and dropping
 * everything but letters and digits, so `Change-Me!` and `CHANGEME` are the same word, and a
 * secret made only of these words repeated (`changemechangeme…`) is caught too.
 */
const PLACEHOLDER_WORDS = [
  'changeme',
  'changethis',
  'replaceme',
  'secret',
  'secretkey',
  'mysecret',
  'yoursecret',
  'supersecret',
  'password',
  'passw0rd',
  'example',
  'sample',
  'placeholder',
  'default',
  'test',
  'testing',
  'dev',
  'development',
  'quarry',
  'jwt',
  'key',
  'token',
  'todo',
  'xxx',
  'abc',
  'qwerty',
  'admin',
  'letmein',
  'insecure',
  'notsecret',
  'dummy',
  'foo',
  'bar',
  '123',
  '1234567890',
  '0123456789',
];
const PLACEHOLDER = new RegExp(`^(?:${PLACEHOLDER_WORDS.join('|')})+$`);

/** Fewer distinct characters than this is not a random value (`kkkk…`, `abababab…`). */
const MIN_DISTINCT_CHARACTERS = 8;

/** Why a secret is too weak to run in production, or undefined when it is acceptable. The value is never echoed. */
export function secretWeakness(value: string): string | undefined {
  const bytes = Buffer.byteLength(value);
  if (bytes < MIN_SECRET_BYTES) return `too short: ${bytes} bytes, at least ${MIN_SECRET_BYTES} are required (generate one with \`openssl rand -base64 32\`)`;
  const words = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PLACEHOLDER.test(words) || words.includes('changeme') || words.includes('replaceme') || words.includes('yoursecret')) {
    return 'a placeholder value, not a secret (generate one with `openssl rand -base64 32`)';
  }
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) return 'not random enough: too few distinct characters (generate one with `openssl rand -base64 32`)';
  return undefined;
}

const REQUIRED_SECRETS = [
  ['jwtSigningKey', 'JWT_SIGNING_KEY'],
  ['keyEncryptionSecret', 'KEY_ENCRYPTION_SECRET'],
] as const;

/**
 * What production needs beyond well-formed values: real secrets, and the public URL that links
 * are built from (a link must never come from a request's `Host` header). Every problem is returned.
 */
export function productionProblems(raw: RawConfig): ConfigProblem[] {
  if (raw.nodeEnv !== 'production') return [];
  const problems: ConfigProblem[] = [];
  for (const [key, variable] of REQUIRED_SECRETS) {
    const value = raw[key];
    if (value === undefined) problems.push({ variable, reason: 'required when NODE_ENV=production' });
    else {
      const weakness = secretWeakness(value);
      if (weakness) problems.push({ variable, reason: weakness });
    }
  }
  if (raw.metricsToken !== undefined) {
    const weakness = secretWeakness(raw.metricsToken);
    if (weakness) problems.push({ variable: 'METRICS_TOKEN', reason: weakness });
  }
  if (raw.publicUrl === undefined) {
    problems.push({
      variable: 'PUBLIC_URL',
      reason: 'required when NODE_ENV=production: the public origin users reach, e.g. https://quarry.example.com (links in mails and pages are built from it)',
    });
  }
  return problems;
}
