import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

// @node-rs/argon2 exports Algorithm as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the time of a real verification, so an unknown email answers as slowly as a known one. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  // Made once, up front, so the first unknown email costs no extra hashing.
  const decoy = hash('decoy password that never matches', ARGON2);
  decoy.catch(() => undefined);
  return {
    hash: (password) => hash(password, ARGON2),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false; // a malformed stored hash never logs anybody in
      }
    },
    async burn(password) {
      await verify(await decoy, password).catch(() => false);
    },
  };
}

/** Django's default password validators, with their messages. */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && (password.toLowerCase().includes(local) || local.includes(password.toLowerCase()))) {
    problems.push('The password is too similar to the email.');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
