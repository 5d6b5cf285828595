import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { AccountService } from './accounts/service.js';
import type { Config } from './config/index.js';
import type { CachedRunner } from './cache/cached.js';
import type { Ledger } from './credits/ledger.js';
import type { Metering } from './credits/metering.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import type { Scraping, Searching } from './deps.js';
import type { AuthHooks } from './http/auth.js';
import type { ErrorMapper } from './http/errors.js';
import type { App } from './http/server.js';
import type { JobQueue } from './jobs/index.js';
import type { KeyService } from './keys/service.js';
import type { OffloadPool } from './scrape/offload/pool.js';

/** What the composition root hands every feature when it registers. */
export interface FeatureContext {
  readonly app: App;
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  readonly auth: AuthHooks;
  readonly metrics: Registry;
  readonly accounts: AccountService;
  readonly keys: KeyService;
  readonly ledger: Ledger;
  /** The metered-request lifecycle (throttle hook, hold/settle) shared by search, scrape and chat. */
  readonly metering: Metering;
  /** Result caching with coalescing, in memory or Redis. */
  readonly cached: CachedRunner;
  /** Worker threads for parsing and reading untrusted pages off the event loop (started on first use). */
  readonly offload: OffloadPool;
  /** The process's fetch engine, browser and scrape service (one per process: see src/deps.ts). */
  readonly scraping: Scraping;
  /** The process's search router (engines, circuit breakers), index store and search service. */
  readonly searching: Searching;
  /** The process's durable job queue, started on first use. */
  jobQueue(): Promise<JobQueue>;
  /** Runs at shutdown, after the server stopped taking requests, in reverse order of registration. */
  onClose(task: () => Promise<void>): void;
}

/**
 * A capability of the service (billing, search, scrape, chat…): its shared schemas (named
 * components of the OpenAPI document), its domain-error translations, and its routes.
 */
export interface Feature {
  readonly name: string;
  readonly schemas?: readonly TSchema[];
  readonly errorMappers?: readonly ErrorMapper[];
  register(context: FeatureContext): void | Promise<void>;
}
