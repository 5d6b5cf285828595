import type { Kysely } from 'kysely';
import type { Config, Rate } from '../config/index.js';
import type { Database } from '../db/schema.js';
import { InvalidInputError, ThrottledError } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import type { RateLimiter } from '../throttle/rate-limiter.js';
import { createPasswordHasher, passwordProblems, type PasswordHasher } from './passwords.js';
import { endAllSessions } from './sessions.js';
import { createUserTokens, type UserTokens } from './user-tokens.js';
import { isLocked, normaliseEmail, type UserStore } from './users.js';

/**
 * Password-reset tokens in djoser's stateless form, bound to the password hash and the last login:
 * confirming sets a new hash and `last_login`, so a token works once; it also stops after its
 * lifetime.
 */
export type ResetTokens = UserTokens;

export function createResetTokens(secret: string, lifetimeSeconds: number, now: () => Date): ResetTokens {
  return createUserTokens({ purpose: 'password-reset', secret, lifetimeSeconds, now, boundTo: (user) => `${user.password_hash}|${user.last_login ?? ''}` });
}

export interface PasswordResetDeps {
  readonly db: Kysely<Database>;
  readonly users: UserStore;
  readonly passwords: PasswordHasher;
  readonly tokens: ResetTokens;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  readonly resetUrl: string;
  readonly emailRate: Rate;
  readonly ipRate: Rate;
  readonly now: () => Date;
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;

export function createPasswordReset(deps: PasswordResetDeps) {
  const { users, tokens, now } = deps;

  return {
    /** Mails a reset link when the account exists and is active; says nothing either way (no enumeration). */
    async request(email: string, clientAddress: string, origin: string): Promise<void> {
      const normalised = normaliseEmail(email);
      const [byEmail, byAddress] = await Promise.all([
        deps.limiter.take(`reset:email:${normalised}`, deps.emailRate),
        deps.limiter.take(`reset:ip:${clientAddress}`, deps.ipRate),
      ]);
      if (!byEmail.allowed || !byAddress.allowed) throw new ThrottledError(Math.max(byEmail.retryAfterSeconds, byAddress.retryAfterSeconds), true);
      const user = await users.byEmail(normalised);
      if (!user || !user.is_active || isLocked(user, now())) return;
      const uid = tokens.uidFor(user.id);
      const token = tokens.tokenFor(user);
      const link = deps.resetUrl.replace('{origin}', origin).replace('{uid}', uid).replace('{token}', token);
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Quarry password',
        text: `Someone asked to reset the password of your Quarry account.\n\nOpen this link to choose a new password:\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail.\n`,
      });
    },

    /**
     * Sets the new password; the token stops working because the hash and last login change. Every
     * session of the account ends with it: whoever knew the old password may hold its tokens.
     */
    async confirm(uid: string, token: string, newPassword: string): Promise<void> {
      const id = tokens.userIdFrom(uid);
      const user = id === undefined ? undefined : await users.byId(id);
      if (!user) throw InvalidInputError.field('uid', "Invalid user id or user doesn't exist.");
      if (!tokens.isValid(user, token)) throw InvalidInputError.field('token', 'Invalid token for given user.');
      const weak = passwordProblems(newPassword, user.email);
      if (weak.length > 0) throw new InvalidInputError({ new_password: weak });
      const hash = await deps.passwords.hash(newPassword);
      // Conditional on the hash the token was made from, so two concurrent confirms cannot both win.
      const result = await deps.db
        .updateTable('users')
        .set({ password_hash: hash, last_login: now().toISOString(), failed_logins: 0, ...endAllSessions() })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw InvalidInputError.field('token', 'Invalid token for given user.');
    },
  };
}

/** Password reset as the configuration describes it, on the same signing secret as the tokens. */
export function buildPasswordReset(
  config: Pick<Config, 'jwtSigningKey' | 'passwordResetTokenLifetime' | 'passwordResetUrl' | 'passwordResetEmailRate' | 'passwordResetIpRate'>,
  deps: Pick<PasswordResetDeps, 'db' | 'users' | 'mailer' | 'limiter' | 'now'>,
): PasswordReset {
  return createPasswordReset({
    ...deps,
    passwords: createPasswordHasher(),
    tokens: createResetTokens(config.jwtSigningKey, config.passwordResetTokenLifetime, deps.now),
    resetUrl: config.passwordResetUrl,
    emailRate: config.passwordResetEmailRate,
    ipRate: config.passwordResetIpRate,
  });
}
