import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'qk_';
const SECRET = /^qk_[A-Za-z0-9_-]{43}$/;

/** A new key secret: the prefix and 256 random bits, URL-safe. */
export function generateSecret(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** What the list shows so a person can tell keys apart: `qk_` and the first 8 characters. */
export const displayPrefix = (secret: string) => secret.slice(0, KEY_PREFIX.length + 8);

/** Keys are random 256-bit values, so a fast digest is enough; a slow hash would only slow every request. */
export const digestOf = (secret: string) => hash('sha256', secret, 'hex');

export const looksLikeSecret = (value: string) => SECRET.test(value);

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * AES-256-GCM storage of key secrets, so a key can be revealed again. The key id is bound as
 * associated data: a ciphertext copied onto another key's row does not decrypt. `purpose` derives
 * a key of its own from the master secret for each kind of secret stored (API keys, webhook
 * signing secrets), so one kind's ciphertext never opens as another's.
 */
export interface SecretBox {
  seal(secret: string, keyId: number): string;
  open(sealed: string, keyId: number): string;
}

export function createSecretBox(masterSecret: string, purpose = 'api-key-encryption-v1'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'quarry', purpose, 32));
  return {
    seal(secret, keyId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(String(keyId)));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, keyId) {
      const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(String(keyId)));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
