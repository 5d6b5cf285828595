import type { Config } from '../config/index.js';
import type { Feature } from '../feature.js';
import { registerWebhookRoutes, webhookErrorMapper } from './routes.js';
import { webhookSchemas } from './schemas.js';
import type { Webhooks } from './service.js';

export interface WebhooksFeatureDeps {
  /** The one webhooks service of the app, which the jobs that send events enqueue through too. */
  readonly webhooks: Webhooks;
  readonly config: Pick<Config, 'pageSize' | 'webhookSweepMs' | 'webhookKeepDays'>;
}

/**
 * The account's webhook secret and deliveries, and the sender. The sender is a periodic sweep of
 * the outbox table rather than one queue job per delivery: the rows are already durable, their
 * retry times and per-account limits live in them, and the conditional claim makes every instance's
 * sweep safe to run at once (each attempt is sent by one of them), on SQLite and PostgreSQL alike.
 */
export function webhooksFeature(deps: WebhooksFeatureDeps): Feature {
  return {
    name: 'webhooks',
    schemas: webhookSchemas,
    errorMappers: [webhookErrorMapper],
    register({ app, auth, log, now, onClose }) {
      const { webhooks, config } = deps;
      registerWebhookRoutes(app, { webhooks, auth, pageSize: config.pageSize });
      if (!webhooks.available) return;
      const keepMs = config.webhookKeepDays * 86_400_000;
      let sweeps = 0;
      const timer = setInterval(() => {
        void webhooks.sender.sweep();
        // Now and then, finished deliveries past their keeping time are forgotten.
        if (++sweeps % 600 === 0) {
          webhooks.outbox
            .deleteFinishedBefore(new Date(now().getTime() - keepMs))
            .catch((error: unknown) => log.error({ err: error }, 'webhook cleanup failed'));
        }
      }, config.webhookSweepMs);
      timer.unref();
      void webhooks.sender.sweep();
      onClose(async () => {
        clearInterval(timer);
        await webhooks.sender.drain();
      });
    },
  };
}
