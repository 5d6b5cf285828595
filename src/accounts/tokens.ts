import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type TokenType = 'access' | 'refresh';

/** simplejwt's TokenError: its message is what the 401 body says. */
export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

/** What every token of one login session shares, from the password login to the last refresh. */
export interface TokenSession {
  /** The account's session generation at login: a token of an older one is refused (see sessions.ts). */
  readonly generation: number;
  /** When the password login happened (epoch seconds): no token of the session outlives `sessionMaxLifetime` from here. */
  readonly authTime: number;
}

export interface TokenClaims {
  readonly tokenType: TokenType;
  readonly userId: number;
  readonly jti: string;
  readonly expiresAt: Date;
  readonly session: TokenSession;
}

export interface TokenPair {
  readonly refresh: string;
  readonly access: string;
  readonly refreshClaims: TokenClaims;
}

export interface TokenSigner {
  issuePair(userId: number, session: TokenSession): Promise<TokenPair>;
  /** Verifies signature, expiry and shape; with `expected`, also the token type. */
  verify(token: string, expected?: TokenType): Promise<TokenClaims>;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
}

export interface TokenOptions {
  readonly signingKey: string;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
  /** Seconds from the password login after which every token of that session is expired, however often refreshed. */
  readonly sessionMaxLifetime: number;
  readonly now?: () => Date;
}

/**
 * HS256 tokens with simplejwt's claims: token_type, exp, iat, jti (hex uuid4) and user_id (a string),
 * plus `session_generation` and `auth_time`, which a refresh copies from the token it rotates.
 * Tokens without them (issued before they existed) count as generation 0, logged in at `iat`.
 */
export function createTokenSigner(options: TokenOptions): TokenSigner {
  const key = new TextEncoder().encode(options.signingKey);
  const now = options.now ?? (() => new Date());

  async function sign(userId: number, tokenType: TokenType, lifetime: number, session: TokenSession): Promise<{ token: string; claims: TokenClaims }> {
    const iat = Math.floor(now().getTime() / 1000);
    const jti = randomUUID().replace(/-/g, '');
    // A refresh must not stretch the session: the last tokens expire with it.
    const exp = Math.min(iat + lifetime, session.authTime + options.sessionMaxLifetime);
    const token = await new SignJWT({
      token_type: tokenType,
      user_id: String(userId),
      session_generation: session.generation,
      auth_time: session.authTime,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    return { token, claims: { tokenType, userId, jti, expiresAt: new Date(exp * 1000), session } };
  }

  return {
    accessLifetime: options.accessLifetime,
    refreshLifetime: options.refreshLifetime,
    async issuePair(userId, session) {
      const refresh = await sign(userId, 'refresh', options.refreshLifetime, session);
      const access = await sign(userId, 'access', options.accessLifetime, session);
      return { refresh: refresh.token, access: access.token, refreshClaims: refresh.claims };
    },
    async verify(token, expected) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() }));
      } catch (error) {
        throw new TokenError(error instanceof joseErrors.JWTExpired ? 'Token is expired' : 'Token is invalid');
      }
      const tokenType = payload.token_type;
      if (tokenType === undefined) throw new TokenError('Token has no type');
      if (tokenType !== 'access' && tokenType !== 'refresh') throw new TokenError('Token has wrong type');
      if (expected && tokenType !== expected) throw new TokenError('Token has wrong type');
      if (typeof payload.jti !== 'string') throw new TokenError('Token has no id');
      const userId = Number(payload.user_id);
      if (!Number.isSafeInteger(userId)) throw new TokenError("Token has no 'user_id' claim");
      const session = sessionOf(payload);
      if (!session) throw new TokenError('Token is invalid');
      // Also for tokens signed under a longer SESSION_MAX_LIFETIME than today's.
      if (Math.floor(now().getTime() / 1000) >= session.authTime + options.sessionMaxLifetime) throw new TokenError('Token is expired');
      return { tokenType, userId, jti: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000), session };
    },
  };
}

/** The session claims, with the defaults of tokens issued before they existed; undefined when malformed. */
function sessionOf(payload: JWTPayload): TokenSession | undefined {
  const generation = payload.session_generation ?? 0;
  const authTime = payload.auth_time ?? payload.iat;
  if (typeof generation !== 'number' || !Number.isSafeInteger(generation)) return undefined;
  if (typeof authTime !== 'number' || !Number.isSafeInteger(authTime)) return undefined;
  return { generation, authTime };
}
