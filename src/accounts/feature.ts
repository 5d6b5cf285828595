import type { Config } from '../config/index.js';
import type { Ledger } from '../credits/index.js';
import type { Database } from '../db/schema.js';
import type { Feature } from '../feature.js';
import type { Mailer } from '../mail/index.js';
import type { RateLimiter } from '../throttle/rate-limiter.js';
import type { Kysely } from 'kysely';
import { buildPasswordReset } from './password-reset.js';
import { passwordResetSchemas, registerPasswordResetRoutes } from './password-reset-routes.js';
import { registerAccountRoutes } from './routes.js';
import { accountSchemas } from './schemas.js';
import type { AccountService } from './service.js';
import { sessionSchemas } from './session-route.js';
import type { UserStore } from './users.js';

export interface AccountsFeatureDeps {
  /** The account service the root built (the auth hooks and the key service's suspensions use it too). */
  readonly accounts: AccountService;
  readonly users: UserStore;
  readonly ledger: Ledger;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  /** Accounts own the users table: a password reset writes the new hash there. */
  readonly db: Kysely<Database>;
  readonly config: Pick<
    Config,
    | 'cookieSecure'
    | 'publicUrl'
    | 'jwtAccessLifetime'
    | 'jwtRefreshLifetime'
    | 'jwtSigningKey'
    | 'passwordResetTokenLifetime'
    | 'passwordResetUrl'
    | 'passwordResetEmailRate'
    | 'passwordResetIpRate'
  >;
}

/** Registration, activation, JWT login/refresh/logout, the current user, and password reset (djoser's routes). */
export function accountsFeature(deps: AccountsFeatureDeps): Feature {
  const { config } = deps;
  return {
    name: 'accounts',
    schemas: [...accountSchemas, ...sessionSchemas, ...passwordResetSchemas],
    register({ app, auth, now }) {
      registerAccountRoutes(app, {
        accounts: deps.accounts,
        ledger: deps.ledger,
        auth,
        cookieSecure: config.cookieSecure,
        publicUrl: config.publicUrl,
        accessLifetime: config.jwtAccessLifetime,
        refreshLifetime: config.jwtRefreshLifetime,
      });
      const reset = buildPasswordReset(config, { db: deps.db, users: deps.users, mailer: deps.mailer, limiter: deps.limiter, now });
      registerPasswordResetRoutes(app, { reset, publicUrl: config.publicUrl });
    },
  };
}
