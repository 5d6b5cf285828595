import type { Kysely } from 'kysely';
import type { Rate } from '../config/index.js';
import type { Ledger } from '../credits/index.js';
import type { Database } from '../db/schema.js';
import { AuthenticationError, InvalidInputError, PermissionDeniedError, ThrottledError } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import type { RateLimiter } from '../throttle/rate-limiter.js';
import type { ActivationTokens } from './activation.js';
import { createAccountMails } from './mails.js';
import { passwordProblems, type PasswordHasher } from './passwords.js';
import { isCurrentSession } from './sessions.js';
import { TokenError, type TokenClaims, type TokenSigner } from './tokens.js';
import { isLocked, normaliseEmail, OPERATOR_LOCK_UNTIL, type UserRow, type UserStore } from './users.js';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AccountSettings {
  readonly lockoutAttempts: number;
  readonly lockoutSeconds: number;
  readonly signupCredits: number;
  readonly activationUrl: string;
  readonly resendEmailRate: Rate;
  readonly resendIpRate: Rate;
  readonly loginIpRate: Rate;
  readonly registrationIpRate: Rate;
}

export interface AccountDeps {
  readonly db: Kysely<Database>;
  readonly users: UserStore;
  readonly passwords: PasswordHasher;
  readonly tokens: TokenSigner;
  readonly activation: ActivationTokens;
  readonly mailer: Mailer;
  readonly ledger: Ledger;
  readonly limiter: RateLimiter;
  readonly settings: AccountSettings;
  readonly now: () => Date;
  readonly onMailError: (error: unknown) => void;
  /** After an operator lock is committed: the account's API keys must stop (their verification is cached). */
  readonly onSuspended?: (userId: number) => Promise<void>;
}

/** What simplejwt says of a revoked token; here also of a token whose session has ended. */
const REVOKED = 'Token is blacklisted';

/** The body simplejwt gives for a token that fails validation. */
export const tokenNotValid = (message: string) => new AuthenticationError({ detail: message, code: 'token_not_valid' });

/** The body simplejwt's JWTAuthentication gives for an access token it refuses. */
const accessTokenNotValid = (message: string) =>
  new AuthenticationError({
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
  });

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: AccountDeps) {
  const { users, passwords, tokens, activation, settings, now } = deps;

  const mails = createAccountMails(deps.mailer, activation, settings.activationUrl);
  const sendActivation = mails.activation;

  /** One bucket per client address; a 429 with Retry-After when it is empty. */
  async function throttle(bucket: string, clientAddress: string, rate: Rate): Promise<void> {
    const decision = await deps.limiter.take(`${bucket}:ip:${clientAddress}`, rate);
    if (!decision.allowed) throw new ThrottledError(decision.retryAfterSeconds);
  }

  function checkSignUp(email: string, password: string): void {
    const problems: Record<string, string[]> = {};
    if (!EMAIL.test(email) || email.length > 254) problems.email = ['Enter a valid email address.'];
    const weak = passwordProblems(password, email);
    if (weak.length > 0) problems.password = weak;
    if (Object.keys(problems).length > 0) throw new InvalidInputError(problems);
  }

  async function isBlacklisted(jti: string): Promise<boolean> {
    const row = await deps.db.selectFrom('blacklisted_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
    return row !== undefined;
  }

  /** Blacklists a refresh token; false when it was blacklisted already (a concurrent rotation won). */
  async function blacklist(claims: TokenClaims): Promise<boolean> {
    const inserted = await deps.db
      .insertInto('blacklisted_tokens')
      .values({ jti: claims.jti, user_id: claims.userId, expires_at: claims.expiresAt.toISOString(), blacklisted_at: now().toISOString() })
      .onConflict((oc) => oc.column('jti').doNothing())
      .returning('jti')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async function verifyRefresh(token: string): Promise<TokenClaims> {
    try {
      const claims = await tokens.verify(token, 'refresh');
      if (await isBlacklisted(claims.jti)) throw new TokenError('Token is blacklisted');
      return claims;
    } catch (error) {
      if (error instanceof TokenError) throw tokenNotValid(error.message);
      throw error;
    }
  }

  return {
    /**
     * Public registration (djoser's `POST /users/` with SEND_ACTIVATION_EMAIL): the answer is the same
     * `{email}` whether the address is new or taken, so it cannot be used to learn who has an account.
     * A new address gets the activation mail; a taken one gets the activation mail again while inactive,
     * else a notice (at most as often as resend-activation allows per address).
     */
    async signUp(input: { email: string; password: string; origin: string; clientAddress: string }): Promise<{ email: string }> {
      await throttle('register', input.clientAddress, settings.registrationIpRate);
      const email = normaliseEmail(input.email);
      checkSignUp(email, input.password);
      // Hashed on both paths, so a taken address costs the same time as a new one.
      const passwordHash = await passwords.hash(input.password);
      const created = await users.insert({ email, passwordHash, isActive: false, now: now() });
      if (created) {
        await sendActivation(created, input.origin).catch(deps.onMailError);
        return { email };
      }
      const existing = await users.byEmail(email);
      const notice = await deps.limiter.take(`register:email:${email}`, settings.resendEmailRate);
      if (existing && notice.allowed) {
        const mail = existing.is_active ? mails.alreadyRegistered(existing, input.origin) : sendActivation(existing, input.origin);
        await mail.catch(deps.onMailError);
      }
      return { email };
    },

    /** Creates a user for the operator (CLI); a taken address is an error here. Without `active`, the user waits for the mailed link. */
    async register(input: { email: string; password: string; origin: string; active?: boolean; credits?: number }) {
      const email = normaliseEmail(input.email);
      checkSignUp(email, input.password);
      const user = await users.insert({ email, passwordHash: await passwords.hash(input.password), isActive: input.active ?? false, now: now() });
      if (!user) throw InvalidInputError.field('email', 'user with this email already exists.');
      if (input.credits) await deps.ledger.credit(user.id, input.credits, { kind: 'grant', note: 'granted at creation', idempotencyKey: `created:${user.id}` });
      if (!user.is_active) await sendActivation(user, input.origin).catch(deps.onMailError);
      return { id: user.id, email: user.email };
    },

    async activate(uid: string, token: string) {
      const id = activation.userIdFrom(uid);
      const user = id === undefined ? undefined : await users.byId(id);
      if (!user) throw InvalidInputError.field('uid', "Invalid user id or user doesn't exist.");
      if (!activation.isValid(user, token)) throw InvalidInputError.field('token', 'Invalid token for given user.');
      if (!(await users.activate(user.id))) throw new PermissionDeniedError('Stale token for given user.');
      if (settings.signupCredits > 0) {
        await deps.ledger.credit(user.id, settings.signupCredits, { kind: 'grant', note: 'signup credits', idempotencyKey: `signup:${user.id}` });
      }
    },

    async resendActivation(email: string, clientAddress: string, origin: string) {
      const normalised = normaliseEmail(email);
      const [byEmail, byAddress] = await Promise.all([
        deps.limiter.take(`resend:email:${normalised}`, settings.resendEmailRate),
        deps.limiter.take(`resend:ip:${clientAddress}`, settings.resendIpRate),
      ]);
      if (!byEmail.allowed || !byAddress.allowed) {
        throw new ThrottledError(Math.max(byEmail.retryAfterSeconds, byAddress.retryAfterSeconds));
      }
      const user = await users.byEmail(normalised);
      if (!user) throw InvalidInputError.field('email', 'User with given email does not exist.');
      if (isLocked(user, now())) throw new PermissionDeniedError('This account is locked.');
      if (user.is_active) throw InvalidInputError.field('email', 'This account is already active.');
      await sendActivation(user, origin);
    },

    /**
     * simplejwt's TokenObtainPair; every path spends one password verification. Beside the
     * per-account lockout, a client address gets `loginIpRate` attempts whatever the accounts.
     */
    async login(email: string, password: string, clientAddress?: string) {
      if (clientAddress !== undefined) await throttle('login', clientAddress, settings.loginIpRate);
      const user = await users.byEmail(email);
      if (!user) {
        await passwords.burn(password);
        throw new AuthenticationError({ detail: NO_ACTIVE_ACCOUNT });
      }
      const ok = await passwords.verify(user.password_hash, password);
      const at = now();
      if (isLocked(user, at)) throw new AuthenticationError({ detail: NO_ACTIVE_ACCOUNT });
      if (!ok) {
        await users.recordFailedLogin(user.id, settings.lockoutAttempts, new Date(at.getTime() + settings.lockoutSeconds * 1000));
        throw new AuthenticationError({ detail: NO_ACTIVE_ACCOUNT });
      }
      if (!user.is_active) throw new AuthenticationError({ detail: NO_ACTIVE_ACCOUNT });
      await users.recordLogin(user.id, at);
      return tokens.issuePair(user.id, { generation: user.session_generation, authTime: Math.floor(at.getTime() / 1000) });
    },

    /**
     * Rotates: the old refresh token is blacklisted and a new pair is issued in the same session
     * (its login time and generation), so no chain of refreshes outlives the session.
     */
    async refresh(refreshToken: string) {
      const claims = await verifyRefresh(refreshToken);
      const user = await users.byId(claims.userId);
      if (!user || !user.is_active || isLocked(user, now())) throw new AuthenticationError({ detail: 'No active account found for the given token.' });
      if (!isCurrentSession(user, claims.session)) throw tokenNotValid(REVOKED);
      if (!(await blacklist(claims))) throw tokenNotValid(REVOKED);
      return tokens.issuePair(user.id, claims.session);
    },

    /**
     * Whether a refresh with this token would succeed now, without rotating it: the dashboard asks
     * before refreshing, so a visitor whose session ended never gets a failed refresh.
     */
    async canRefresh(refreshToken: string): Promise<boolean> {
      const claims = await verifyRefresh(refreshToken).catch((error: unknown) => {
        if (error instanceof AuthenticationError) return undefined;
        throw error;
      });
      if (!claims) return false;
      const user = await users.byId(claims.userId);
      if (!user?.is_active) return false;
      return !isLocked(user, now()) && isCurrentSession(user, claims.session);
    },

    /** Says only whether the token is valid (any type). */
    async verify(token: string) {
      let claims: TokenClaims;
      try {
        claims = await tokens.verify(token);
      } catch (error) {
        if (error instanceof TokenError) throw tokenNotValid(error.message);
        throw error;
      }
      if (claims.tokenType === 'refresh' && (await isBlacklisted(claims.jti))) {
        throw new InvalidInputError({ non_field_errors: [REVOKED] });
      }
      const user = await users.byId(claims.userId);
      if (user && !isCurrentSession(user, claims.session)) throw new InvalidInputError({ non_field_errors: [REVOKED] });
    },

    /** Blacklists the user's refresh token when one is given and valid; logout itself never fails. */
    async logout(userId: number, refreshToken: string | undefined) {
      if (!refreshToken) return;
      const claims = await tokens.verify(refreshToken, 'refresh').catch(() => undefined);
      if (claims && claims.userId === userId) await blacklist(claims);
    },

    /** Ends every session of the account, this one included: all its refresh and access tokens are refused from now on. */
    async logoutEverywhere(userId: number) {
      await users.endSessions(userId);
    },

    /** Resolves an access token to its active user, with simplejwt's failure bodies. */
    async authenticateAccess(token: string): Promise<UserRow> {
      let claims: TokenClaims;
      try {
        claims = await tokens.verify(token, 'access');
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        throw accessTokenNotValid(error.message);
      }
      const user = await users.byId(claims.userId);
      if (!user) throw new AuthenticationError({ detail: 'User not found', code: 'user_not_found' });
      if (!user.is_active) throw new AuthenticationError({ detail: 'User is inactive', code: 'user_inactive' });
      // Read on every request: a lock (lockout or the operator's) ends the token's use at once.
      if (isLocked(user, now())) throw new AuthenticationError({ detail: 'User is locked', code: 'user_locked' });
      if (!isCurrentSession(user, claims.session)) throw accessTokenNotValid(REVOKED);
      return user;
    },

    async setLocked(email: string, locked: boolean) {
      const user = await users.byEmail(email);
      if (!user) throw InvalidInputError.field('email', 'User with given email does not exist.');
      await users.setLockedUntil(user.id, locked ? new Date(OPERATOR_LOCK_UNTIL) : null);
      if (!locked) return;
      // The lock stops logins and tokens while it lasts; ending the sessions keeps them stopped after an unlock.
      await users.endSessions(user.id);
      await deps.onSuspended?.(user.id);
    },
  };
}
