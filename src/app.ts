import type { FastifyBaseLogger } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { accountsFeature } from './accounts/feature.js';
import { billingFeature } from './billing/feature.js';
import { chatFeature } from './chat/feature.js';
import { answerFeature } from './answer/feature.js';
import { agentApisFeature } from './compat/agent-apis-feature.js';
import { firecrawlFeature } from './compat/firecrawl/feature.js';
import type { Config } from './config/index.js';
import { buildCoreServices, type CoreServices } from './core-services.js';
import { creditsFeature } from './credits/feature.js';
import { buildDeps, type Deps } from './deps.js';
import type { Feature } from './feature.js';
import { WWW_AUTHENTICATE } from './http/auth.js';
import { coreErrorMapper } from './http/error-map.js';
import { startMetricsListener } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { sharedSchemas } from './http/schema.js';
import { createHttpServer, type App } from './http/server.js';
import { keysFeature } from './keys/feature.js';
import type { Mailer } from './mail/mailer.js';
import { mcpFeature } from './mcp/feature.js';
import { operationsFeature } from './operations-feature.js';
import { scrapeFeature } from './scrape/feature.js';
import { searchFeature } from './search/feature.js';
import { dashboardFeature } from './web/feature.js';
import { createWebhooks, webhooksFeature } from './webhooks/index.js';

/**
 * What the composition root built before any feature exists: the configuration, the shared
 * resources and the core services. Only the root (and tests composing an app) read it: each
 * feature gets the named parts it needs and its slice of the configuration.
 */
export interface AppParts {
  readonly config: Config;
  readonly deps: Deps;
  readonly services: CoreServices;
  /** The app's clock and logger, for what a feature builds before it registers (the webhooks' sender). */
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
}

/**
 * Capabilities beyond accounts, keys, credits and the dashboard (each registers its own routes).
 * They share the process's resources (src/deps.ts): scrapes feed the search index (INDEX_SCRAPES)
 * through the one scrape service, and every surface searches through the one router (its engines'
 * rate limits and breakers). Making them does no work: that happens when each registers.
 */
export function defaultFeatures({ config, deps, services, now, log }: AppParts): Feature[] {
  const { db, dialect } = deps.database;
  const { cached, offload, scraping, searching, jobQueue } = deps;
  const { metering, ledger, keys } = services;
  // One outbox and sender, shared by the webhooks' own routes and every job that sends events.
  const webhooks = createWebhooks({
    db,
    encryptionSecret: config.keyEncryptionSecret,
    fetchEngine: scraping.fetchEngine.withUserAgent(WEBHOOK_USER_AGENT),
    schedule: { baseMs: config.webhookRetryBaseMs, retryWindowMs: config.webhookRetrySeconds * 1000 },
    perAccount: config.webhookAccountConcurrency,
    timeoutMs: config.webhookTimeoutMs,
    now,
    log,
  });
  return [
    webhooksFeature({ webhooks, config }),
    chatFeature({ chat: deps.chat, metering, ledger, cached, scraping, searching, config }),
    billingFeature({ db, ledger, config }),
    scrapeFeature({ metering, ledger, chat: deps.chat, cached, offload, scraping, db, dialect, jobQueue, webhooks, config }),
    searchFeature({ metering, cached, searching, config }),
    answerFeature({ metering, ledger, cached, scraping, searching, chat: deps.chat, config }),
    agentApisFeature({ metering, ledger, keys, cached, searching, scraping, offload, chat: deps.chat, config }),
    mcpFeature({ keys, metering, ledger, cached, offload, scraping, searching, chat: deps.chat, config }),
    firecrawlFeature({ db, dialect, metering, cached, ledger, chat: deps.chat, offload, scraping, searching, jobQueue, webhooks, config }),
  ];
}

/** What webhook receivers see as the sender. */
const WEBHOOK_USER_AGENT = 'Quarry-Webhooks/1';

/** What every app serves, whatever features it was given: operations, accounts, keys, credits and the dashboard. */
function coreFeatures({ config, deps, services }: AppParts, webRoot: string | undefined): Feature[] {
  const { db } = deps.database;
  const { accounts, users, ledger, mailer, keys } = services;
  return [
    operationsFeature({ readiness: deps.readiness, config }),
    accountsFeature({ accounts, users, ledger, mailer, limiter: deps.limiter, db, config }),
    keysFeature({ keys, config }),
    creditsFeature({ ledger, db, config }),
    dashboardFeature({ webRoot, config }),
  ];
}

/** The contract's management endpoints (auth, API keys, billing checkout) also take multipart bodies; nothing else does. */
const MULTIPART_PREFIXES = ['/api/v1/auth/', '/api/v1/api-keys/', '/api/v1/billing/checkout/'];

export interface AppOptions {
  readonly logger: FastifyBaseLogger;
  readonly now?: () => Date;
  /** Replaces the SMTP/outbox choice (tests hand in a mailer of their own only through SMTP). */
  readonly mailer?: Mailer;
  /** The capabilities to serve besides the core ones, made from what the root built; defaults to `defaultFeatures`. */
  readonly features?: (parts: AppParts) => readonly Feature[];
  /** The built dashboard (web/dist); defaults to the repository's. */
  readonly webRoot?: string;
}

/**
 * The composition root: configuration → shared resources (src/deps.ts: database, Redis, limiter,
 * cache, engines, router, queue) → core services (src/core-services.ts: ledger, keys, accounts,
 * mailer, authentication, metering) → features, each made from the named parts it needs →
 * HTTP routes. Everything is created here and handed down; nothing reads the environment.
 */
export async function createApp(config: Config, options: AppOptions) {
  const now = options.now ?? (() => new Date());
  const log = options.logger;
  const deps = await buildDeps(config, { log, now });
  const services = await buildCoreServices(config, deps, { log, now, mailer: options.mailer });
  const { database, limiter, offload } = deps;
  const { accounts, keys, ledger, tokens, mailer, metering, auth } = services;
  const parts: AppParts = { config, deps, services, now, log };
  const features = [...coreFeatures(parts, options.webRoot), ...(options.features ?? defaultFeatures)(parts)];

  const app: App = await createHttpServer({
    logger: log,
    bodyLimit: config.bodyLimit,
    publicUrl: config.publicUrl,
    multipartPrefixes: MULTIPART_PREFIXES,
    trustProxy: config.trustProxy,
    errorMappers: [coreErrorMapper({ authenticateHeader: WWW_AUTHENTICATE }), ...features.flatMap((feature) => feature.errorMappers ?? [])],
  });
  for (const schema of [...sharedSchemas, ...features.flatMap((feature) => feature.schemas ?? [])]) app.addSchema(schema);
  await registerOpenApi(app);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('authVia', null);

  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  const closers: (() => Promise<void>)[] = [];
  for (const feature of features) {
    await feature.register({ app, log, now, auth, metrics, onClose: (task) => closers.unshift(task) });
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
    db: database.db,
    dialect: database.dialect,
    services: { accounts, keys, ledger, tokens, mailer, metering, limiter, offload },
    /** Which search verticals can answer now (the start-up summary lists them). */
    searchReadiness: () => deps.searching.service.readiness(),
    /** The loopback metrics listener when METRICS_PORT is set. */
    metricsListener,
    /** Stops accepting requests, lets in-flight ones finish, then releases every resource. */
    async close() {
      clearInterval(flushTimer);
      clearInterval(sweepTimer);
      await app.close();
      await metricsListener?.close();
      for (const task of closers) await task().catch((error: unknown) => log.error({ err: error }, 'shutdown task failed'));
      await services.close();
      // The job queue, engines, pool, caches, Redis and last the database.
      await deps.close();
    },
  };
}

export type QuarryApp = Awaited<ReturnType<typeof createApp>>;
