import type { FastifyBaseLogger } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { buildAccountService } from './accounts/build.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { accountSchemas } from './accounts/schemas.js';
import { buildPasswordReset } from './accounts/password-reset.js';
import { passwordResetSchemas, registerPasswordResetRoutes } from './accounts/password-reset-routes.js';
import { createUserStore } from './accounts/users.js';
import type { Config } from './config/index.js';
import { createLedger } from './credits/ledger.js';
import { createMetering } from './credits/metering.js';
import { creditErrorMapper, meteredErrorMapper, meteredErrorSchemas } from './credits/metered-errors.js';
import { creditSchemas, registerCreditRoutes } from './credits/routes.js';
import { dailyUsageSchemas, registerDailyUsageRoutes } from './credits/usage-daily-routes.js';
import { createAuthHooks, WWW_AUTHENTICATE } from './http/auth.js';
import { coreErrorMapper } from './http/error-map.js';
import { registerOpenApi } from './http/openapi.js';
import { startMetricsListener } from './http/metrics.js';
import { registerOperationRoutes } from './http/operations.js';
import { sharedSchemas } from './http/schema.js';
import { createHttpServer, type App } from './http/server.js';
import { keyErrorMapper, registerKeyRoutes } from './keys/routes.js';
import { keySchemas } from './keys/schemas.js';
import { looksLikeSecret } from './keys/secrets.js';
import { createKeyService } from './keys/service.js';
import { createKeyAccessChannel, keyAccessChannelName } from './keys/access-channel.js';
import { createMailer } from './mail/build.js';
import type { Mailer } from './mail/mailer.js';
import { pingRedis } from './redis/client.js';
import { buildDeps } from './deps.js';
import type { Feature } from './feature.js';
import { billingFeature } from './billing/feature.js';
import { chatFeature } from './chat/feature.js';
import { searchFeature } from './search/feature.js';
import { scrapeFeature } from './scrape/feature.js';
import { agentApisFeature } from './compat/agent-apis-feature.js';
import { mcpFeature } from './mcp/feature.js';
import { dashboardConfigSchemas, registerDashboardConfigRoute } from './web/config-route.js';
import { registerDashboard } from './web/plugin.js';
import { firecrawlFeature } from './compat/firecrawl/feature.js';

/**
 * Capabilities beyond accounts and keys (each registers its own routes). They share the process's
 * resources (src/deps.ts): scrapes feed the search index (INDEX_SCRAPES) through the one scrape
 * service, and every surface searches through the one router (its engines' rate limits and breakers).
 */
export function defaultFeatures(): Feature[] {
  return [chatFeature, billingFeature, scrapeFeature, searchFeature, agentApisFeature, mcpFeature, firecrawlFeature];
}

/** The contract's management endpoints (auth, API keys, billing checkout) also take multipart bodies; nothing else does. */
const MULTIPART_PREFIXES = ['/api/v1/auth/', '/api/v1/api-keys/', '/api/v1/billing/checkout/'];

export interface AppOptions {
  readonly logger: FastifyBaseLogger;
  readonly now?: () => Date;
  /** Replaces the SMTP/outbox choice (tests hand in a mailer of their own only through SMTP). */
  readonly mailer?: Mailer;
  /** The capabilities to serve; defaults to all of them. */
  readonly features?: readonly Feature[];
  /** The built dashboard (web/dist); defaults to the repository's. */
  readonly webRoot?: string;
}

/**
 * The composition root: configuration → shared resources (src/deps.ts: database, Redis, limiter,
 * cache, engines, router, queue), mailer → services → HTTP routes. Everything is created here and
 * handed down; nothing reads the environment.
 */
export async function createApp(config: Config, options: AppOptions) {
  const now = options.now ?? (() => new Date());
  const log = options.logger;
  const deps = await buildDeps(config, { log, now });
  const { database, redis, limiter, cached, offload } = deps;
  const { db } = database;

  const mailer =
    options.mailer ??
    createMailer(
      config,
      db,
      (fields, msg) => log.info(fields, msg),
      (fields, msg) => log.error(fields, msg),
    );
  const features = options.features ?? defaultFeatures();
  const ledger = createLedger(database, now);
  // Verified keys are cached per instance; a revoke on one instance reaches the others through Redis pub/sub.
  const keyAccess = redis
    ? createKeyAccessChannel(redis, {
        channel: keyAccessChannelName(config.redisKeyPrefix),
        onChange: (change) => keys.forget(change),
        onResync: () => keys.forgetAll(),
        onError: (error) => log.warn({ err: error }, 'key revocation channel problem'),
      })
    : undefined;
  const keys = createKeyService({
    db,
    encryptionSecret: config.keyEncryptionSecret,
    maxKeysPerAccount: config.maxKeysPerAccount,
    now,
    cacheSeconds: config.keyCacheSeconds,
    ...(keyAccess ? { announce: keyAccess.publish, onAnnounceError: (error: unknown) => log.error({ err: error }, 'key revocation not announced') } : {}),
  });
  await keyAccess?.subscribed;
  const users = createUserStore(db);
  const { accounts, tokens } = buildAccountService(config, {
    db,
    users,
    mailer,
    ledger,
    limiter,
    now,
    onMailError: (error) => log.error({ err: error }, 'activation mail could not be sent'),
    onSuspended: keys.ownerSuspended,
  });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });

  const app: App = await createHttpServer({
    logger: log,
    bodyLimit: config.bodyLimit,
    publicUrl: config.publicUrl,
    multipartPrefixes: MULTIPART_PREFIXES,
    trustProxy: config.trustProxy,
    errorMappers: [
      coreErrorMapper({ authenticateHeader: WWW_AUTHENTICATE }),
      creditErrorMapper(config.upgradeUrl),
      keyErrorMapper,
      meteredErrorMapper,
      ...features.flatMap((feature) => feature.errorMappers ?? []),
    ],
  });
  for (const schema of [
    ...sharedSchemas,
    ...accountSchemas,
    ...keySchemas,
    ...creditSchemas,
    ...passwordResetSchemas,
    ...dailyUsageSchemas,
    ...dashboardConfigSchemas,
    ...meteredErrorSchemas,
    ...features.flatMap((f) => f.schemas ?? []),
  ]) {
    app.addSchema(schema);
  }
  await registerOpenApi(app);

  const trustedOrigins = [...config.csrfTrustedOrigins, new URL(config.publicUrl).origin];
  const auth = createAuthHooks({
    authenticateAccess: accounts.authenticateAccess,
    authenticateKey: keys.authenticate,
    userById: users.byId,
    looksLikeKey: looksLikeSecret,
    trustedOrigins,
  });
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('authVia', null);

  registerOperationRoutes(app, { db, metrics, metricsToken: config.metricsToken, dependencies: redis ? { redis: () => pingRedis(redis) } : {} });
  registerAccountRoutes(app, {
    accounts,
    ledger,
    auth,
    cookieSecure: config.cookieSecure,
    publicUrl: config.publicUrl,
    accessLifetime: config.jwtAccessLifetime,
    refreshLifetime: config.jwtRefreshLifetime,
  });
  registerPasswordResetRoutes(app, { reset: buildPasswordReset(config, { db, mailer, limiter, now }), publicUrl: config.publicUrl });
  registerKeyRoutes(app, { keys, auth, pageSize: config.pageSize });
  registerCreditRoutes(app, { ledger, auth, db, pageSize: config.pageSize, now });
  registerDailyUsageRoutes(app, { auth, db, now });
  registerDashboardConfigRoute(app, config);
  await registerDashboard(app, {
    root: options.webRoot,
    onMissing: (root) => log.warn({ root }, 'dashboard not built (npm run build:web): serving the API only'),
  });
  const metering = createMetering({
    authenticate: auth.requireApiKey,
    ledger,
    limiter,
    keyRate: config.throttleKeyRate,
    accountRate: config.throttleAccountRate,
    holdTtlSeconds: config.holdTtlSeconds,
  });
  const closers: (() => Promise<void>)[] = [];
  for (const feature of features) {
    await feature.register({
      app,
      config,
      db,
      dialect: database.dialect,
      log,
      now,
      auth,
      metrics,
      accounts,
      keys,
      ledger,
      metering,
      cached,
      offload,
      scraping: deps.scraping,
      searching: deps.searching,
      jobQueue: deps.jobQueue,
      onClose: (task) => closers.unshift(task),
    });
  }
  await app.ready();
  const metricsListener =
    config.metricsPort > 0
      ? await startMetricsListener({
          registry: metrics,
          port: config.metricsPort,
          token: config.metricsToken,
          onError: (error) => log.error({ err: error }, 'metrics failed'),
        })
      : undefined;

  const sweepHolds = () =>
    ledger.expireHolds().then(
      (released) => released > 0 && log.info({ released }, 'released expired credit holds'),
      (error: unknown) => log.error({ err: error }, 'hold sweep failed'),
    );
  await sweepHolds();
  const sweepTimer = setInterval(() => void sweepHolds(), config.holdSweepSeconds * 1000);
  sweepTimer.unref();
  const flushTimer = setInterval(
    () => void keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed')),
    config.lastUsedFlushSeconds * 1000,
  );
  flushTimer.unref();

  return {
    app,
    db,
    dialect: database.dialect,
    services: { accounts, keys, ledger, tokens, mailer, metering, limiter, offload },
    /** The upstream search engines the process searches through (the start-up summary lists them). */
    upstreamEngines: deps.searching.upstreamEngines,
    /** The loopback metrics listener when METRICS_PORT is set. */
    metricsListener,
    /** Stops accepting requests, lets in-flight ones finish, then releases every resource. */
    async close() {
      clearInterval(flushTimer);
      clearInterval(sweepTimer);
      await app.close();
      await metricsListener?.close();
      for (const task of closers) await task().catch((error: unknown) => log.error({ err: error }, 'shutdown task failed'));
      await keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed'));
      await keyAccess?.close();
      await mailer.close();
      // The job queue, engines, pool, caches, Redis and last the database.
      await deps.close();
    },
  };
}

export type QuarryApp = Awaited<ReturnType<typeof createApp>>;
