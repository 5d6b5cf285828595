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

export interface TokenClaims {
  readonly tokenType: TokenType;
  readonly userId: number;
  readonly jti: string;
  readonly expiresAt: Date;
}

export interface TokenPair {
  readonly refresh: string;
  readonly access: string;
  readonly refreshClaims: TokenClaims;
}

export interface TokenSigner {
  issuePair(userId: number): Promise<TokenPair>;
  /** Verifies signature, expiry and shape; with `expected`, also the token type. */
  verify(token: string, expected?: TokenType): Promise<TokenClaims>;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
}

export interface TokenOptions {
  readonly signingKey: string;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
  readonly now?: () => Date;
}

/** HS256 tokens with simplejwt's claims: token_type, exp, iat, jti (hex uuid4) and user_id (a string). */
export function createTokenSigner(options: TokenOptions): TokenSigner {
  const key = new TextEncoder().encode(options.signingKey);
  const now = options.now ?? (() => new Date());

  async function sign(userId: number, tokenType: TokenType, lifetime: number): Promise<{ token: string; claims: TokenClaims }> {
    const iat = Math.floor(now().getTime() / 1000);
    const jti = randomUUID().replace(/-/g, '');
    const token = await new SignJWT({ token_type: tokenType, user_id: String(userId) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .sign(key);
    return { token, claims: { tokenType, userId, jti, expiresAt: new Date((iat + lifetime) * 1000) } };
  }

  return {
    accessLifetime: options.accessLifetime,
    refreshLifetime: options.refreshLifetime,
    async issuePair(userId) {
      const refresh = await sign(userId, 'refresh', options.refreshLifetime);
      const access = await sign(userId, 'access', options.accessLifetime);
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
      return { tokenType, userId, jti: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000) };
    },
  };
}
