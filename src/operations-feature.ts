/**
 * The operators' endpoints (`/healthz`, `/readyz`, `/metrics`) as a feature. It lives beside the
 * composition root, not in src/http, because src/http knows no feature (src/http/operations.ts
 * has the routes).
 */
import type { Config } from './config/index.js';
import type { Feature } from './feature.js';
import { registerOperationRoutes, type ReadinessCheck } from './http/operations.js';

export interface OperationsFeatureDeps {
  /** What `/readyz` checks, by name (the shared resources' own checks: src/deps.ts). */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  readonly config: Pick<Config, 'metricsToken'>;
}

export function operationsFeature(deps: OperationsFeatureDeps): Feature {
  return {
    name: 'operations',
    register({ app, metrics }) {
      registerOperationRoutes(app, { metrics, metricsToken: deps.config.metricsToken, readiness: deps.readiness });
    },
  };
}
