import { Type } from '@sinclair/typebox';
import type { Ledger } from '../credits/index.js';
import { AuthenticationError } from '../errors.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../http/auth.js';
import type { App } from '../http/server.js';
import { describeUser } from './describe-user.js';
import { User } from './schemas.js';
import type { AccountService } from './service.js';
import type { UserRow } from './users.js';

export const BrowserSession = Type.Object(
  {
    authenticated: Type.Boolean({ description: 'Whether the access cookie is valid: `user` is then the logged-in user.' }),
    user: Type.Union([Type.Ref(User), Type.Null()]),
    refreshable: Type.Boolean({
      description:
        'Not logged in now, but the refresh cookie is still valid: `POST /api/v1/auth/jwt/refresh/` with an empty body starts a new access token. Always false when `authenticated` is true.',
    }),
  },
  {
    $id: 'BrowserSession',
    description: "The browser's login session, read from the HttpOnly login cookies (the page cannot read them). Never a 401: no session is an answer.",
  },
);

export const sessionSchemas = [BrowserSession];

export interface SessionRouteDeps {
  readonly accounts: AccountService;
  readonly ledger: Ledger;
}

/**
 * Who is logged in, for the dashboard: `users/me` answers 401 without credentials, which every
 * page of a visitor who is not logged in would log as a failed request. This one reads the same
 * cookies and says so in a 200, and whether a refresh is worth trying.
 */
export function registerSessionRoute(app: App, deps: SessionRouteDeps): void {
  app.get(
    '/api/v1/auth/session/',
    {
      schema: {
        tags: ['auth'],
        summary: "The browser's login session (never 401)",
        description:
          'Reads the `access` and `refresh` cookies that login sets, and nothing else (not the Authorization header, not an API key). An expired or revoked cookie counts as no session.',
        response: { 200: Type.Ref(BrowserSession) },
      },
    },
    async (request, reply) => {
      // The answer is one person's: no shared cache may keep it.
      void reply.header('cache-control', 'no-store');
      const user = await userOfCookie(deps.accounts, request.cookies[ACCESS_COOKIE]);
      if (user) return { authenticated: true, user: await describeUser(user, deps.ledger), refreshable: false };
      const refresh = request.cookies[REFRESH_COOKIE];
      return { authenticated: false, user: null, refreshable: refresh ? await deps.accounts.canRefresh(refresh) : false };
    },
  );
}

/** The access cookie's user; an expired, revoked or malformed cookie is no session rather than an error. */
async function userOfCookie(accounts: AccountService, token: string | undefined): Promise<UserRow | undefined> {
  if (!token) return undefined;
  try {
    return await accounts.authenticateAccess(token);
  } catch (error) {
    if (error instanceof AuthenticationError) return undefined;
    throw error;
  }
}
