import { sql, type Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Database } from '../db/schema.js';
import { detail } from './errors.js';
import { hasMetricsToken, METRICS_REALM } from './metrics.js';
import type { App } from './server.js';

/**
 * Liveness, readiness and Prometheus metrics for operators. `/metrics` is on the public port only
 * with METRICS_TOKEN, and then asks for it; without it the path does not exist there (404), and
 * METRICS_PORT serves it on loopback instead (see `startMetricsListener`).
 */
export function registerOperationRoutes(app: App, deps: { db: Kysely<Database>; metrics: Registry; metricsToken: string | undefined }): void {
  const hide = { hide: true };
  app.get('/healthz', { schema: hide }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: hide }, async (request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
  const token = deps.metricsToken;
  if (token === undefined) return;
  app.get('/metrics', { schema: hide }, async (request, reply) => {
    if (!hasMetricsToken(request.headers.authorization, token)) {
      throw detail(401, 'Authentication credentials were not provided.', { 'www-authenticate': METRICS_REALM });
    }
    return reply.type(deps.metrics.contentType).send(await deps.metrics.metrics());
  });
}
