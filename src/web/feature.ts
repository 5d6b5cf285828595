import type { Config } from '../config/index.js';
import type { Feature } from '../feature.js';
import { dashboardConfigSchemas, registerDashboardConfigRoute } from './config-route.js';
import { registerDashboard } from './plugin.js';

export interface DashboardFeatureDeps {
  /** The built dashboard (web/dist); defaults to the repository's. */
  readonly webRoot: string | undefined;
  readonly config: Pick<Config, 'paddleApiKey' | 'paddleClientToken' | 'paddleEnvironment'>;
}

/** The dashboard's public settings (`/api/v1/dashboard/config/`) and the built dashboard itself at `/`. */
export function dashboardFeature(deps: DashboardFeatureDeps): Feature {
  return {
    name: 'dashboard',
    schemas: dashboardConfigSchemas,
    async register({ app, log }) {
      registerDashboardConfigRoute(app, deps.config);
      await registerDashboard(app, {
        root: deps.webRoot,
        onMissing: (root) => log.warn({ root }, 'dashboard not built (npm run build:web): serving the API only'),
      });
    },
  };
}
