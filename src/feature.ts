import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { AuthHooks } from './http/auth.js';
import type { ErrorMapper } from './http/errors.js';
import type { App } from './http/server.js';

/**
 * What the composition root hands every feature when it registers: only what is shared and safe
 * for any feature to hold. Anything else a feature needs (a service, an engine, the database when
 * it owns tables, its slice of the configuration) is passed to its factory by name, in src/app.ts.
 */
export interface FeatureContext {
  readonly app: App;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  readonly auth: AuthHooks;
  readonly metrics: Registry;
  /** Runs at shutdown, after the server stopped taking requests, in reverse order of registration. */
  onClose(task: () => Promise<void>): void;
}

/**
 * A capability of the service (accounts, billing, search, scrape, chat…): its shared schemas
 * (named components of the OpenAPI document), its domain-error translations, and its routes.
 * Each is made by a factory of its folder (`chatFeature(deps)`), which only keeps its
 * dependencies: the work (reading files, opening upstreams) happens in `register`.
 */
export interface Feature {
  readonly name: string;
  readonly schemas?: readonly TSchema[];
  readonly errorMappers?: readonly ErrorMapper[];
  register(context: FeatureContext): void | Promise<void>;
}
