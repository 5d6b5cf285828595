import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { createActivationTokens } from './accounts/activation.js';
import { createPasswordHasher } from './accounts/passwords.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { accountSchemas } from './accounts/schemas.js';
import { createAccountService } from './accounts/service.js';
import { createTokenSigner } from './accounts/tokens.js';
import { createUserStore } from './accounts/users.js';
import type { Config } from './config/index.js';
import { createLedger } from './credits/ledger.js';
import { CreditsBalance, registerCreditRoutes } from './credits/routes.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createAuthHooks, WWW_AUTHENTICATE } from './http/auth.js';
import { coreErrorMapper } from './http/error-map.js';
import { registerOpenApi } from './http/openapi.js';
import { registerOperationRoutes } from './http/operations.js';
import { sharedSchemas } from './http/schema.js';
import { createHttpServer, type App } from './http/server.js';
import { keyErrorMapper, registerKeyRoutes } from './keys/routes.js';
import { keySchemas } from './keys/schemas.js';
import { createKeyService } from './keys/service.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createMemoryRateLimiter } from './throttle/memory.js';

export interface AppOptions {
  readonly logger: FastifyBaseLogger;
  readonly now?: () => Date;
  /** Replaces the SMTP/outbox choice (tests hand in a mailer of their own only through SMTP). */
  readonly mailer?: Mailer;
}

/**
 * The composition root: configuration → adapters (database, mailer, limiter) → services →
 * HTTP routes. Everything is created here and handed down; nothing reads the environment.
 */
export async function createApp(config: Config, options: AppOptions) {
  const now = options.now ?? (() => new Date());
  const database: DatabaseHandle = openDatabase({ url: config.databaseUrl, sqliteFile: join(config.dataDir, 'quarry.db'), poolSize: config.databasePoolSize });
  await migrateToLatest(database);
  const { db } = database;

  const log = options.logger;
  const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, (msg, fields) => log.info(fields, msg)));
  const limiter = createMemoryRateLimiter();
  const ledger = createLedger(db, now);
  const tokens = createTokenSigner({ signingKey: config.jwtSigningKey, accessLifetime: config.jwtAccessLifetime, refreshLifetime: config.jwtRefreshLifetime, now });
  const accounts = createAccountService({
    db,
    users: createUserStore(db),
    passwords: createPasswordHasher(),
    tokens,
    activation: createActivationTokens(config.jwtSigningKey, config.activationTokenLifetime, now),
    mailer,
    ledger,
    limiter,
    now,
    onMailError: (error) => log.error({ err: error }, 'activation mail could not be sent'),
    settings: {
      lockoutAttempts: config.loginLockoutAttempts,
      lockoutSeconds: config.loginLockoutSeconds,
      signupCredits: config.signupCredits,
      activationUrl: config.activationUrl,
      resendEmailRate: config.resendActivationEmailRate,
      resendIpRate: config.resendActivationIpRate,
    },
  });
  const keys = createKeyService({ db, encryptionSecret: config.keyEncryptionSecret, maxKeysPerAccount: config.maxKeysPerAccount, now });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });

  const app: App = await createHttpServer({
    logger: log,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    errorMappers: [coreErrorMapper({ upgradeUrl: '/plans', authenticateHeader: WWW_AUTHENTICATE }), keyErrorMapper],
  });
  for (const schema of [...sharedSchemas, ...accountSchemas, ...keySchemas, CreditsBalance]) app.addSchema(schema);
  await registerOpenApi(app);

  const trustedOrigins = [...config.csrfTrustedOrigins, ...(config.publicUrl ? [new URL(config.publicUrl).origin] : [])];
  const auth = createAuthHooks({ authenticateAccess: accounts.authenticateAccess, authenticateKey: keys.authenticate, trustedOrigins });
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('authVia', null);

  registerOperationRoutes(app, { db, metrics });
  registerAccountRoutes(app, {
    accounts,
    ledger,
    auth,
    cookieSecure: config.cookieSecure,
    publicUrl: config.publicUrl,
    accessLifetime: config.jwtAccessLifetime,
    refreshLifetime: config.jwtRefreshLifetime,
  });
  registerKeyRoutes(app, { keys, auth, pageSize: config.pageSize });
  registerCreditRoutes(app, { ledger, auth });
  await app.ready();

  const flushTimer = setInterval(() => void keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed')), config.lastUsedFlushSeconds * 1000);
  flushTimer.unref();

  return {
    app,
    db,
    dialect: database.dialect,
    services: { accounts, keys, ledger, tokens, mailer },
    /** Stops accepting requests, lets in-flight ones finish, then releases every resource. */
    async close() {
      clearInterval(flushTimer);
      await app.close();
      await keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed'));
      await limiter.close();
      await mailer.close();
      await database.close();
    },
  };
}

export type QuarryApp = Awaited<ReturnType<typeof createApp>>;
