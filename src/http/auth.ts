import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import { AuthenticationError, PermissionDeniedError } from '../errors.js';

/**
 * The HTTP layer knows no feature: what it needs of accounts and keys it names here, as the
 * stored user row and the pair a verified key answers (the keys service's `AuthenticatedKey`).
 */
type UserRow = Selectable<UsersTable>;
interface AuthenticatedKey {
  readonly keyId: number;
  readonly userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    apiKey: AuthenticatedKey | null;
    /** How the user was authenticated; cookie-authenticated unsafe requests need a trusted Origin. */
    authVia: 'header' | 'cookie' | 'api-key' | null;
  }
}

export const ACCESS_COOKIE = 'access';
export const REFRESH_COOKIE = 'refresh';
export const AUTH_HEADER_TYPES = ['Bearer', 'JWT'] as const;
export const WWW_AUTHENTICATE = 'Bearer realm="api"';
export const INVALID_API_KEY = 'Invalid or inactive API key.';
/** Said beside the contract's 401 body (never in place of it) when the credential was a login token. */
export const LOGIN_TOKEN_HINT =
  'A login token was sent where an API key is wanted: send an API key in the X-API-KEY header (create one on the dashboard or with POST /api/v1/api-keys/).';

/** A JWT's shape (three base64url parts, the first a JSON object): a login token, never an API key. */
export function looksLikeLoginToken(value: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(value);
}

/** The contract's 401 for a call that needs an API key, with a `hint` of its own when `presented` was a login token. */
export function invalidApiKeyError(presented: string | undefined): AuthenticationError {
  return new AuthenticationError(
    presented !== undefined && looksLikeLoginToken(presented) ? { detail: INVALID_API_KEY, hint: LOGIN_TOKEN_HINT } : { detail: INVALID_API_KEY },
  );
}

/** The same 401 as one line, for the drop-in surfaces whose error bodies carry a single message. */
export function invalidApiKeyMessage(presented: string): string {
  return looksLikeLoginToken(presented) ? `${INVALID_API_KEY} ${LOGIN_TOKEN_HINT}` : INVALID_API_KEY;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const KEY_NOT_ACCEPTED = 'This action needs a login token (Authorization: Bearer <access>); an API key is not accepted here.';

export interface AuthDeps {
  authenticateAccess(token: string): Promise<UserRow>;
  /** Answers at once for a key verified lately (see KeyService.authenticate). */
  authenticateKey(secret: string): AuthenticatedKey | undefined | Promise<AuthenticatedKey | undefined>;
  /** The owner of an authenticated key, as account routes need the user row. */
  userById(id: number): Promise<UserRow | undefined>;
  /** Tells an API-key secret from a JWT, so `Authorization: Bearer <key>` reaches the key check. */
  looksLikeKey(value: string): boolean;
  /** Origins trusted for cookie-authenticated unsafe requests, besides the request's own. */
  readonly trustedOrigins: readonly string[];
}

export type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthHooks {
  /** Token authentication (`jwtAuth`): Authorization `Bearer`/`JWT`, or the access cookie. */
  readonly requireUser: Hook;
  /** Token authentication when credentials are present; anonymous otherwise. A bad token is still 401. */
  readonly optionalUser: Hook;
  /**
   * API-key authentication for metered endpoints: `X-API-KEY`, or `Authorization: Bearer <api key>`.
   * A callback hook: a key verified lately is accepted without a promise (metered requests' hot path).
   */
  readonly requireApiKey: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  /**
   * Account data readable with either credential: a login token (header or cookie) or an API key
   * (`X-API-KEY`, or `Authorization: Bearer <key>`); `request.user` is the owner either way.
   */
  readonly requireUserOrKey: Hook;
  /** The strict Origin check applied to unsafe requests that rely on cookies. */
  checkCsrf(request: FastifyRequest): void;
}

/** Extracts an access token the way simplejwt does, falling back to the HttpOnly cookie. */
function credentialsOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const parts = header.split(' ').filter((p) => p !== '');
    if (parts.length > 0 && (AUTH_HEADER_TYPES as readonly string[]).includes(parts[0]!)) {
      if (parts.length !== 2) {
        throw new AuthenticationError({ detail: 'Authorization header must contain two space-delimited values', code: 'bad_authorization_header' });
      }
      return { token: parts[1]!, via: 'header' };
    }
  }
  const cookie = request.cookies[ACCESS_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * The API key a request presents: `X-API-KEY`, or else the token of `Authorization: Bearer`
 * (what OpenAI-style clients send). An explicit `X-API-KEY` wins. A JWT sent as Bearer is not
 * a key and fails the key check (401): these routes take API keys, not logins.
 */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  if (header !== undefined) return undefined;
  return /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The token of `Authorization: JWT <token>`, simplejwt's other spelling of a login. */
function jwtSchemeToken(request: FastifyRequest): string | undefined {
  return /^JWT[ ]+(\S+)\s*$/.exec(request.headers.authorization ?? '')?.[1];
}

/** The outcome of the X-API-KEY check: the key on the request, or the 401 to answer. */
function acceptKey(request: FastifyRequest, key: AuthenticatedKey | undefined, secret: string | undefined): AuthenticationError | undefined {
  if (!key) return invalidApiKeyError(secret ?? jwtSchemeToken(request));
  request.apiKey = key;
  return undefined;
}

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Which credentials a request carries, before any of them is checked. */
function presented(request: FastifyRequest, looksLikeKey: (value: string) => boolean): { key: string | undefined; loginHeader: boolean; loginCookie: boolean } {
  const parts = (request.headers.authorization ?? '').split(' ').filter((p) => p !== '');
  const bearerKey = parts.length === 2 && parts[0] === 'Bearer' && looksLikeKey(parts[1]!) ? parts[1] : undefined;
  const header = request.headers['x-api-key'];
  const key = typeof header === 'string' && header.trim() !== '' ? header.trim() : bearerKey;
  return {
    key,
    loginHeader: parts.length > 0 && (AUTH_HEADER_TYPES as readonly string[]).includes(parts[0]!) && bearerKey === undefined,
    loginCookie: Boolean(request.cookies[ACCESS_COOKIE]),
  };
}

export function createAuthHooks(deps: AuthDeps): AuthHooks {
  function checkCsrf(request: FastifyRequest): void {
    if (SAFE_METHODS.has(request.method)) return;
    const trusted = new Set([ownOrigin(request), ...deps.trustedOrigins]);
    const origin = request.headers.origin;
    if (origin) {
      if (!trusted.has(origin)) throw new PermissionDeniedError(`CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`);
      return;
    }
    const referer = request.headers.referer;
    if (!referer) throw new PermissionDeniedError('CSRF Failed: Referer checking failed - no Referer.');
    let refererOrigin: string;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      throw new PermissionDeniedError('CSRF Failed: Referer checking failed - Referer is malformed.');
    }
    if (!trusted.has(refererOrigin))
      throw new PermissionDeniedError(`CSRF Failed: Referer checking failed - ${refererOrigin} does not match any trusted origins.`);
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const credentials = credentialsOf(request);
    if (!credentials) return;
    request.user = await deps.authenticateAccess(credentials.token);
    request.authVia = credentials.via;
    if (credentials.via === 'cookie') checkCsrf(request);
  }

  async function authenticateByKey(request: FastifyRequest, secret: string): Promise<void> {
    const key = await deps.authenticateKey(secret);
    const owner = key ? await deps.userById(key.userId) : undefined;
    // No login-token hint here: these routes take a login token too (in Authorization).
    if (!key || !owner) throw new AuthenticationError({ detail: INVALID_API_KEY });
    request.apiKey = key;
    request.user = owner;
    request.authVia = 'api-key';
  }

  return {
    checkCsrf,
    async requireUserOrKey(request) {
      const given = presented(request, deps.looksLikeKey);
      // A login token in the Authorization header wins; an explicit key beats the ambient cookie.
      if (given.key !== undefined && !given.loginHeader) return authenticateByKey(request, given.key);
      await authenticate(request);
      if (!request.user) throw new AuthenticationError({ detail: 'Authentication credentials were not provided.' });
    },
    async requireUser(request) {
      const given = presented(request, deps.looksLikeKey);
      if (given.key !== undefined && !given.loginHeader && !given.loginCookie) {
        // Key management, logout and billing are a login's business: a leaked key must not mint or reveal keys.
        throw new PermissionDeniedError(KEY_NOT_ACCEPTED);
      }
      await authenticate(request);
      if (!request.user) throw new AuthenticationError({ detail: 'Authentication credentials were not provided.' });
    },
    async optionalUser(request) {
      await authenticate(request);
    },
    requireApiKey(request, _reply, done) {
      const secret = apiKeyOf(request);
      const found = secret === undefined ? undefined : deps.authenticateKey(secret);
      if (found instanceof Promise) found.then((key) => acceptKey(request, key, secret)).then(done, done);
      else done(acceptKey(request, found, secret));
    },
  };
}
