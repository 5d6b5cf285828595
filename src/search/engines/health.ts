/**
 * Engine health for operators: `GET /api/v1/search/engines/` (staff only) and the same figures as
 * Prometheus gauges, both read from the router's `health()` at request / scrape time.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Gauge, type Registry } from 'prom-client';
import { PermissionDeniedError } from '../../errors.js';
import type { AuthHooks } from '../../http/auth.js';
import { ErrorDetail } from '../../http/schema.js';
import type { App } from '../../http/server.js';
import type { SearchEngine } from '../engine.js';
import type { EngineHealth, SearchRouter } from '../router.js';
import { VERTICALS } from '../verticals.js';

export const EngineHealthEntry = Type.Object({
  name: Type.String({ description: 'engine name as used in SEARCH_CHAIN_* settings' }),
  verticals: Type.Array(Type.Union(VERTICALS.map((vertical) => Type.Literal(vertical))), { description: 'verticals the engine can answer' }),
  configured: Type.Boolean({ description: 'false while its key or URL is missing (the router skips it)' }),
  state: Type.Union([Type.Literal('ok'), Type.Literal('suspended'), Type.Literal('probing')], {
    description: 'suspended after failures until `suspended_until`; probing while one trial call is out',
  }),
  suspended_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  consecutive_failures: Type.Integer({ minimum: 0 }),
  calls: Type.Integer({ minimum: 0, description: 'calls in the recent window behind the figures below' }),
  error_rate: Type.Number({ minimum: 0, maximum: 1 }),
  p50_latency_ms: Type.Union([Type.Number(), Type.Null()]),
  p95_latency_ms: Type.Union([Type.Number(), Type.Null()]),
  last_error: Type.Union([Type.Object({ kind: Type.String(), message: Type.String(), at: Type.String({ format: 'date-time' }) }), Type.Null()]),
});
export type EngineHealthEntry = Static<typeof EngineHealthEntry>;

export const EngineHealthList = Type.Object({ count: Type.Integer({ minimum: 0 }), results: Type.Array(EngineHealthEntry) });

export interface EngineHealthRouteDeps {
  readonly router: Pick<SearchRouter, 'health'>;
  readonly auth: AuthHooks;
  /** The engines the router was built with, for their verticals (an engine missing here lists none). */
  readonly engines?: readonly Pick<SearchEngine, 'name' | 'verticals'>[];
}

export function engineHealthEntry(health: EngineHealth, verticals: readonly string[]): EngineHealthEntry {
  return {
    name: health.engine,
    verticals: VERTICALS.filter((vertical) => verticals.includes(vertical)),
    configured: health.configured,
    state: health.status,
    suspended_until: health.suspendedUntil?.toISOString() ?? null,
    consecutive_failures: health.consecutiveFailures,
    calls: health.calls,
    error_rate: health.errorRate,
    p50_latency_ms: health.p50LatencyMs ?? null,
    p95_latency_ms: health.p95LatencyMs ?? null,
    last_error:
      health.lastError === undefined ? null : { kind: health.lastError.kind, message: health.lastError.message, at: health.lastError.at.toISOString() },
  };
}

/**
 * Registers `GET /api/v1/search/engines/`. Token authentication, staff accounts only: the list shows
 * which upstreams are configured and their last error messages, which is operator information.
 */
export function registerEngineHealthRoute(app: App, deps: EngineHealthRouteDeps): void {
  const verticalsOf = new Map((deps.engines ?? []).map((engine) => [engine.name, engine.verticals as readonly string[]]));
  app.get(
    '/api/v1/search/engines/',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['search'],
        security: [{ jwtAuth: [] }],
        summary: 'Health of every search engine (staff only)',
        response: { 200: EngineHealthList, 401: Type.Ref(ErrorDetail), 403: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      if (request.user?.is_staff !== 1) throw new PermissionDeniedError();
      const results = deps.router.health().map((health) => engineHealthEntry(health, verticalsOf.get(health.engine) ?? []));
      return { count: results.length, results };
    },
  );
}

/**
 * Registers gauges on `metrics`, filled from `router.health()` at every scrape:
 * `quarry_search_engine_configured`, `…_up` (0 while suspended), `…_suspended_until_seconds`,
 * `…_consecutive_failures`, `…_recent_calls`, `…_error_ratio`, `…_latency_seconds{quantile}`;
 * all labelled by `engine`. Call once per registry.
 */
export function registerEngineMetrics(metrics: Registry, router: Pick<SearchRouter, 'health'>): void {
  const labelNames = ['engine'] as const;
  // Registered first, so its collect() runs first at every scrape: one read of health() then
  // feeds every gauge (the registry collects metrics in registration order).
  const configured = new Gauge({
    name: 'quarry_search_engine_configured',
    help: 'Whether the search engine has its key/URL (1) or is skipped (0)',
    labelNames,
    registers: [metrics],
    collect: () => refresh(),
  });
  const up = new Gauge({
    name: 'quarry_search_engine_up',
    help: 'Whether the search engine may be called now (0 while suspended)',
    labelNames,
    registers: [metrics],
  });
  const suspendedUntil = new Gauge({
    name: 'quarry_search_engine_suspended_until_seconds',
    help: 'Unix time the suspension of the search engine ends (0 when not suspended)',
    labelNames,
    registers: [metrics],
  });
  const failures = new Gauge({
    name: 'quarry_search_engine_consecutive_failures',
    help: 'Failures of the search engine in a row',
    labelNames,
    registers: [metrics],
  });
  const calls = new Gauge({
    name: 'quarry_search_engine_recent_calls',
    help: 'Calls in the recent window behind the error ratio and latency',
    labelNames,
    registers: [metrics],
  });
  const errorRatio = new Gauge({
    name: 'quarry_search_engine_error_ratio',
    help: 'Share of failed calls in the recent window',
    labelNames,
    registers: [metrics],
  });
  const latency = new Gauge({
    name: 'quarry_search_engine_latency_seconds',
    help: 'Latency quantiles of the recent calls of the search engine',
    labelNames: ['engine', 'quantile'] as const,
    registers: [metrics],
  });

  function refresh(): void {
    for (const gauge of [configured, up, suspendedUntil, failures, calls, errorRatio]) gauge.reset();
    latency.reset();
    for (const health of router.health()) {
      const engine = health.engine;
      configured.set({ engine }, health.configured ? 1 : 0);
      up.set({ engine }, health.status === 'suspended' ? 0 : 1);
      suspendedUntil.set({ engine }, health.suspendedUntil === undefined ? 0 : health.suspendedUntil.getTime() / 1000);
      failures.set({ engine }, health.consecutiveFailures);
      calls.set({ engine }, health.calls);
      errorRatio.set({ engine }, health.errorRate);
      if (health.p50LatencyMs !== undefined) latency.set({ engine, quantile: '0.5' }, health.p50LatencyMs / 1000);
      if (health.p95LatencyMs !== undefined) latency.set({ engine, quantile: '0.95' }, health.p95LatencyMs / 1000);
    }
  }
}
