import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from './users.js';

/**
 * Activation links in djoser's form: `uid` is the user id in URL-safe base64 and `token` an
 * HMAC over the user's password hash and the issue time, so it stops working when the password
 * changes and after its lifetime. Like djoser, a used link still verifies; the caller then
 * answers "stale" because the account is active already.
 */
export interface ActivationTokens {
  uidFor(userId: number): string;
  userIdFrom(uid: string): number | undefined;
  tokenFor(user: UserRow): string;
  isValid(user: UserRow, token: string): boolean;
}

export function createActivationTokens(secret: string, lifetimeSeconds: number, now: () => Date): ActivationTokens {
  const mac = (user: UserRow, issued: string) =>
    createHmac('sha256', `activation:${secret}`).update(`${user.id}|${user.password_hash}|${issued}`).digest('hex').slice(0, 32);

  return {
    uidFor: (userId) => Buffer.from(String(userId)).toString('base64url'),
    userIdFrom(uid) {
      const decoded = Buffer.from(uid, 'base64url').toString('utf8');
      return /^\d{1,15}$/.test(decoded) ? Number(decoded) : undefined;
    },
    tokenFor(user) {
      const issued = Math.floor(now().getTime() / 1000).toString(36);
      return `${issued}-${mac(user, issued)}`;
    },
    isValid(user, token) {
      const [issued, given] = token.split('-');
      if (!issued || !given || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
      const expected = Buffer.from(mac(user, issued));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      const age = Math.floor(now().getTime() / 1000) - parseInt(issued, 36);
      return age >= 0 && age <= lifetimeSeconds;
    },
  };
}
