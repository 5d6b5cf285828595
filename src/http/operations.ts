import { sql, type Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Database } from '../db/schema.js';
import type { App } from './server.js';

/** Liveness, readiness and Prometheus metrics for operators. */
export function registerOperationRoutes(app: App, deps: { db: Kysely<Database>; metrics: Registry }): void {
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
  app.get('/metrics', { schema: hide }, async (_request, reply) => reply.type(deps.metrics.contentType).send(await deps.metrics.metrics()));
}
