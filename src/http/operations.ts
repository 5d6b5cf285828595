import type { Registry } from 'prom-client';
import { detail } from './errors.js';
import { hasMetricsToken, METRICS_REALM } from './metrics.js';
import type { App } from './server.js';

/** A shared dependency that readiness reports by name (`database`, `redis`); throws when unreachable. */
export type ReadinessCheck = () => Promise<void>;

interface OperationDeps {
  readonly metrics: Registry;
  readonly metricsToken: string | undefined;
  /** Checked by `/readyz`, each named in its body, in this order. */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
}

/**
 * Liveness, readiness and Prometheus metrics for operators. `/metrics` is on the public port only
 * with METRICS_TOKEN, and then asks for it; without it the path does not exist there (404), and
 * METRICS_PORT serves it on loopback instead (see `startMetricsListener`).
 */
export function registerOperationRoutes(app: App, deps: OperationDeps): void {
  const hide = { hide: true };
  const checks = Object.entries(deps.readiness);
  app.get('/healthz', { schema: hide }, async () => ({ status: 'ok' }));
  // 503 while any dependency is unreachable, so a load balancer stops sending traffic that could
  // only be refused; the body names which one (never why: that is in the log).
  app.get('/readyz', { schema: hide }, async (request, reply) => {
    const results = await Promise.all(
      checks.map(([name, check]) =>
        check().then(
          () => [name, 'ok'] as const,
          (error: unknown) => {
            request.log.warn({ err: error, dependency: name }, 'readiness check failed');
            return [name, 'unreachable'] as const;
          },
        ),
      ),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', ...Object.fromEntries(results) });
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
