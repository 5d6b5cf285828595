import type { Config } from '../config/index.js';
import type { Feature } from '../feature.js';
import { keyErrorMapper, registerKeyRoutes } from './routes.js';
import { keySchemas } from './schemas.js';
import type { KeyService } from './service.js';

export interface KeysFeatureDeps {
  /** The key service the root built (authentication and metering verify keys through it too). */
  readonly keys: KeyService;
  readonly config: Pick<Config, 'pageSize'>;
}

/** The API-key management endpoints: create, list, rename, reveal, revoke. */
export function keysFeature(deps: KeysFeatureDeps): Feature {
  return {
    name: 'keys',
    schemas: keySchemas,
    errorMappers: [keyErrorMapper],
    register({ app, auth }) {
      registerKeyRoutes(app, { keys: deps.keys, auth, pageSize: deps.config.pageSize });
    },
  };
}
