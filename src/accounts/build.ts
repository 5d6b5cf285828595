import type { Kysely } from 'kysely';
import type { Config } from '../config/index.js';
import type { Ledger } from '../credits/index.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/index.js';
import type { RateLimiter } from '../throttle/rate-limiter.js';
import { createActivationTokens } from './activation.js';
import { createPasswordHasher } from './passwords.js';
import { createAccountService } from './service.js';
import { createTokenSigner, type TokenSigner } from './tokens.js';
import type { UserStore } from './users.js';

export interface AccountBuildDeps {
  readonly db: Kysely<Database>;
  readonly users: UserStore;
  readonly mailer: Mailer;
  readonly ledger: Ledger;
  readonly limiter: RateLimiter;
  readonly now: () => Date;
  readonly onMailError: (error: unknown) => void;
  readonly onSuspended?: (userId: number) => Promise<void>;
}

/** The account service as the configuration describes it; the server and the CLI build it the same way. */
export function buildAccountService(config: Config, deps: AccountBuildDeps) {
  const tokens: TokenSigner = createTokenSigner({
    signingKey: config.jwtSigningKey,
    accessLifetime: config.jwtAccessLifetime,
    refreshLifetime: config.jwtRefreshLifetime,
    sessionMaxLifetime: config.jwtSessionMaxLifetime,
    now: deps.now,
  });
  const accounts = createAccountService({
    ...deps,
    passwords: createPasswordHasher(),
    tokens,
    activation: createActivationTokens(config.jwtSigningKey, config.activationTokenLifetime, deps.now),
    settings: {
      lockoutAttempts: config.loginLockoutAttempts,
      lockoutSeconds: config.loginLockoutSeconds,
      signupCredits: config.signupCredits,
      activationUrl: config.activationUrl,
      resendEmailRate: config.resendActivationEmailRate,
      resendIpRate: config.resendActivationIpRate,
      loginIpRate: config.loginIpRate,
      registrationIpRate: config.registrationIpRate,
    },
  });
  return { accounts, tokens };
}
