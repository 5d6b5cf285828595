import type { Kysely } from 'kysely';
import type { Config } from '../config/index.js';
import type { Database } from '../db/schema.js';
import type { Feature } from '../feature.js';
import { activitySchemas, registerActivityRoutes } from './activity-routes.js';
import type { Ledger } from './ledger.js';
import { creditErrorMapper, meteredErrorMapper, meteredErrorSchemas } from './metered-errors.js';
import { creditSchemas, registerCreditRoutes } from './routes.js';
import { dailyUsageSchemas, registerDailyUsageRoutes } from './usage-daily-routes.js';

export interface CreditsFeatureDeps {
  readonly ledger: Ledger;
  /** Credits own the ledger's tables: the history, usage and export read them. */
  readonly db: Kysely<Database>;
  readonly config: Pick<Config, 'pageSize' | 'upgradeUrl'>;
}

/**
 * The balance, the ledger's history (entry by entry, and call by call) and usage, the daily usage chart and the CSV export; and the
 * error answers every metered endpoint shares (402 with the upgrade path, a client gone).
 */
export function creditsFeature(deps: CreditsFeatureDeps): Feature {
  const { ledger, db, config } = deps;
  return {
    name: 'credits',
    schemas: [...creditSchemas, ...activitySchemas, ...dailyUsageSchemas, ...meteredErrorSchemas],
    errorMappers: [creditErrorMapper(config.upgradeUrl), meteredErrorMapper],
    register({ app, auth, now }) {
      registerCreditRoutes(app, { ledger, auth, db, pageSize: config.pageSize, now });
      registerActivityRoutes(app, { auth, db, pageSize: config.pageSize });
      registerDailyUsageRoutes(app, { auth, db, now });
    },
  };
}
