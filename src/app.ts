import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { buildAccountService } from './accounts/build.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { accountSchemas } from './accounts/schemas.js';
import { createUserStore } from './accounts/users.js';
import type { Config } from './config/index.js';
import { createLedger } from './credits/ledger.js';
import { createMetering } from './credits/metering.js';
import { creditSchemas, registerCreditRoutes } from './credits/routes.js';
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
import { Redis } from 'ioredis';
import { createCachedRunner } from './cache/cached.js';
import { createMemoryCache } from './cache/memory.js';
import { createRedisCache } from './cache/redis.js';
import { createMemoryRateLimiter } from './throttle/memory.js';
import { createRedisRateLimiter } from './throttle/redis.js';
import type { Feature } from './feature.js';
import { billingFeature } from './billing/feature.js';
import { chatFeature } from './chat/feature.js';
import { createSearchFeatures } from './search/feature.js';
import { createOffloadPool } from './scrape/offload/pool.js';

// Search and scrape come as a pair: successful scrapes feed the same app's search index (INDEX_SCRAPES).
const searchAndScrape = createSearchFeatures();

/** Capabilities beyond accounts and keys; each registers its own routes. */
export const FEATURES: readonly Feature[] = [chatFeature, billingFeature, searchAndScrape.scrape, searchAndScrape.search];

export interface AppOptions {
  readonly logger: FastifyBaseLogger;
  readonly now?: () => Date;
  /** Replaces the SMTP/outbox choice (tests hand in a mailer of their own only through SMTP). */
  readonly mailer?: Mailer;
  /** The capabilities to serve; defaults to all of them. */
  readonly features?: readonly Feature[];
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
  const features = options.features ?? FEATURES;
  // Several instances share throttles and cached results through Redis; one instance keeps them in memory.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis connection problem'));
  const limiter = redis ? createRedisRateLimiter(redis, `${config.redisKeyPrefix}throttle:`) : createMemoryRateLimiter();
  const resultCache = redis ? createRedisCache(redis, `${config.redisKeyPrefix}cache:`) : createMemoryCache(config.cacheMaxBytes);
  const ledger = createLedger(db, now);
  const { accounts, tokens } = buildAccountService(config, {
    db,
    users: createUserStore(db),
    mailer,
    ledger,
    limiter,
    now,
    onMailError: (error) => log.error({ err: error }, 'activation mail could not be sent'),
  });
  const keys = createKeyService({ db, encryptionSecret: config.keyEncryptionSecret, maxKeysPerAccount: config.maxKeysPerAccount, now });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });

  const app: App = await createHttpServer({
    logger: log,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    errorMappers: [
      coreErrorMapper({ upgradeUrl: config.upgradeUrl, authenticateHeader: WWW_AUTHENTICATE }),
      keyErrorMapper,
      ...features.flatMap((feature) => feature.errorMappers ?? []),
    ],
  });
  for (const schema of [...sharedSchemas, ...accountSchemas, ...keySchemas, ...creditSchemas, ...features.flatMap((f) => f.schemas ?? [])]) {
    app.addSchema(schema);
  }
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
  registerCreditRoutes(app, { ledger, auth, db, pageSize: config.pageSize, now });
  const metering = createMetering({ authenticate: auth.requireApiKey, ledger, limiter, keyRate: config.throttleKeyRate, accountRate: config.throttleAccountRate, holdTtlSeconds: config.holdTtlSeconds });
  const cached = createCachedRunner(resultCache);
  // Threads start with the first page read, not here: a server that never scrapes never pays for them.
  const offload = createOffloadPool();
  const closers: (() => Promise<void>)[] = [];
  for (const feature of features) {
    await feature.register({
      app, config, db, dialect: database.dialect, log, now, auth, metrics, accounts, keys, ledger, metering, cached, offload,
      onClose: (task) => closers.unshift(task),
    });
  }
  await app.ready();

  const sweepHolds = () =>
    ledger.expireHolds().then(
      (released) => released > 0 && log.info({ released }, 'released expired credit holds'),
      (error: unknown) => log.error({ err: error }, 'hold sweep failed'),
    );
  await sweepHolds();
  const sweepTimer = setInterval(() => void sweepHolds(), config.holdSweepSeconds * 1000);
  sweepTimer.unref();
  const flushTimer = setInterval(() => void keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed')), config.lastUsedFlushSeconds * 1000);
  flushTimer.unref();

  return {
    app,
    db,
    dialect: database.dialect,
    services: { accounts, keys, ledger, tokens, mailer, metering, limiter, offload },
    /** Stops accepting requests, lets in-flight ones finish, then releases every resource. */
    async close() {
      clearInterval(flushTimer);
      clearInterval(sweepTimer);
      await app.close();
      for (const task of closers) await task().catch((error: unknown) => log.error({ err: error }, 'shutdown task failed'));
      await offload.close();
      await keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed'));
      await limiter.close();
      await resultCache.close();
      await redis?.quit().catch(() => undefined);
      await mailer.close();
      await database.close();
    },
  };
}

export type QuarryApp = Awaited<ReturnType<typeof createApp>>;
