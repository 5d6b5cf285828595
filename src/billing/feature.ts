import type { Kysely } from 'kysely';
import type { Config } from '../config/index.js';
import type { Ledger } from '../credits/index.js';
import type { Database } from '../db/schema.js';
import type { Feature } from '../feature.js';
import { billingErrorMapper } from './error-map.js';
import { defaultPlansFile, loadPlans } from './plans.js';
import { createPaddleProvider } from './providers/paddle.js';
import { registerBillingRoutes } from './routes.js';
import { billingSchemas } from './schemas.js';
import { createBillingService } from './service.js';
import { createTransactionStore } from './store.js';

export interface BillingFeatureDeps {
  /** Billing owns the transactions table. */
  readonly db: Kysely<Database>;
  readonly ledger: Ledger;
  readonly config: Pick<
    Config,
    | 'plansFile'
    | 'paddleEnvironment'
    | 'paddleWebhookSecret'
    | 'paddleWebhookToleranceSeconds'
    | 'paddleTimeoutMs'
    | 'paddleLinkCustomer'
    | 'paddleApiKey'
    | 'paddleApiUrl'
    | 'paddleCheckoutUrl'
    | 'paddleClientToken'
  >;
}

/**
 * Billing: plans, checkout, confirm, status and Paddle webhooks. Reads `PLANS_FILE` at start
 * (an invalid file stops the start with a one-line message) and the `PADDLE_*` settings.
 */
export function billingFeature({ db, ledger, config }: BillingFeatureDeps): Feature {
  return {
    name: 'billing',
    schemas: billingSchemas,
    errorMappers: [billingErrorMapper],
    async register({ app, log, now, auth }) {
      const plans = await loadPlans(config.plansFile === '' ? defaultPlansFile : config.plansFile);
      const provider = createPaddleProvider({
        environment: config.paddleEnvironment,
        webhookSecret: config.paddleWebhookSecret,
        toleranceSeconds: config.paddleWebhookToleranceSeconds,
        timeoutMs: config.paddleTimeoutMs,
        linkCustomerByEmail: config.paddleLinkCustomer,
        clock: () => now().getTime(),
        ...(config.paddleApiKey === undefined ? {} : { apiKey: config.paddleApiKey }),
        ...(config.paddleApiUrl === undefined ? {} : { apiUrl: config.paddleApiUrl }),
        ...(config.paddleCheckoutUrl === undefined ? {} : { checkoutUrl: config.paddleCheckoutUrl }),
        ...(config.paddleClientToken === undefined ? {} : { clientToken: config.paddleClientToken }),
      });
      const billing = createBillingService({ provider, plans, store: createTransactionStore(db, now), ledger, log });
      await registerBillingRoutes(app, { billing, auth });
    },
  };
}
