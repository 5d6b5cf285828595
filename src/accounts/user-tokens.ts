import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from './users.js';

/**
 * Mailed links in djoser's stateless form: `uid` is the user id in URL-safe base64 and `token`
 * is `<issued>-<mac>`, an HMAC over the user fields that must not have changed since it was made
 * and the issue time (base 36 seconds). It stops working when one of those fields changes and
 * after its lifetime; no table is needed.
 */
export interface UserTokens {
  uidFor(userId: number): string;
  userIdFrom(uid: string): number | undefined;
  tokenFor(user: UserRow): string;
  isValid(user: UserRow, token: string): boolean;
}

export interface UserTokenOptions {
  /** Keeps the tokens of one purpose (activation, password reset) from working for another. */
  readonly purpose: string;
  readonly secret: string;
  readonly lifetimeSeconds: number;
  readonly now: () => Date;
  /** The user's state the token is bound to: it is invalid once this changes. */
  readonly boundTo: (user: UserRow) => string;
}

export function createUserTokens(options: UserTokenOptions): UserTokens {
  const { purpose, secret, lifetimeSeconds, now, boundTo } = options;
  const mac = (user: UserRow, issued: string) =>
    createHmac('sha256', `${purpose}:${secret}`)
      .update(`${user.id}|${boundTo(user)}|${issued}`)
      .digest('hex')
      .slice(0, 32);
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    uidFor: (userId) => Buffer.from(String(userId)).toString('base64url'),
    userIdFrom(uid) {
      const decoded = Buffer.from(uid, 'base64url').toString('utf8');
      return /^\d{1,15}$/.test(decoded) ? Number(decoded) : undefined;
    },
    tokenFor(user) {
      const issued = seconds().toString(36);
      return `${issued}-${mac(user, issued)}`;
    },
    isValid(user, token) {
      const [issued, given, extra] = token.split('-');
      if (!issued || !given || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
      const expected = Buffer.from(mac(user, issued));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      const age = seconds() - parseInt(issued, 36);
      return age >= 0 && age <= lifetimeSeconds;
    },
  };
}
