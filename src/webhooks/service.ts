/**
 * Webhooks as the rest of the app uses them: `enqueue` an event for a job's webhook target (other
 * features' jobs call it through src/webhooks/index.ts), the account's secret, its deliveries, and
 * the sender that empties the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FetchEngine } from '../scrape/net/index.js';
import { createOutbox, type Outbox } from './outbox.js';
import type { RetrySchedule } from './schedule.js';
import { createWebhookSecrets, type WebhookSecrets } from './secrets.js';
import { createSender, type Sender } from './sender.js';
import type { DeliverySurface } from './tables.js';
import type { WebhookTarget } from './target.js';

/** Webhooks need `KEY_ENCRYPTION_SECRET`: the signing secrets are stored sealed with it. */
export class WebhooksUnavailableError extends Error {
  constructor() {
    super('Webhooks are not available on this server: KEY_ENCRYPTION_SECRET is not set.');
    this.name = 'WebhooksUnavailableError';
  }
}

export interface EnqueueOptions {
  /** `firecrawl`: the delivery also carries `X-Firecrawl-Signature`. Default `quarry`. */
  readonly surface?: DeliverySurface;
  /** The transaction of the work's own progress, so the event is stored exactly when the progress is. */
  readonly executor?: Kysely<Database>;
}

export interface Webhooks {
  /** False without `KEY_ENCRYPTION_SECRET`: jobs with a webhook are then refused. */
  readonly available: boolean;
  /**
   * Stores one delivery of `event` (its full name, `crawl.page`) to `target`; `payload` gets the
   * delivery id (stable across attempts) and returns what is sent as JSON. Resolves with the id.
   */
  enqueue(userId: number, target: WebhookTarget, event: string, payload: (deliveryId: string) => unknown, options?: EnqueueOptions): Promise<string>;
  readonly secrets: WebhookSecrets;
  readonly outbox: Outbox;
  readonly sender: Sender;
}

export interface WebhooksDeps {
  readonly db: Kysely<Database>;
  readonly encryptionSecret: string | undefined;
  /** The process's guarded fetch engine (`SCRAPE_ALLOWED_HOSTS` and all). */
  readonly fetchEngine: FetchEngine;
  readonly schedule: RetrySchedule;
  readonly perAccount: number;
  readonly timeoutMs: number;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
}

export function createWebhooks(deps: WebhooksDeps): Webhooks {
  const outbox = createOutbox(deps.db, deps.now);
  const master = deps.encryptionSecret;
  const secrets: WebhookSecrets =
    master === undefined
      ? {
          secretOf: () => Promise.reject(new WebhooksUnavailableError()),
          rotate: () => Promise.reject(new WebhooksUnavailableError()),
        }
      : createWebhookSecrets(deps.db, master, deps.now);
  const sender = createSender({ ...deps, outbox, secrets });
  return {
    available: master !== undefined,
    secrets,
    outbox,
    sender,
    async enqueue(userId, target, event, payload, options = {}) {
      if (master === undefined) throw new WebhooksUnavailableError();
      const id = await outbox.enqueue(
        {
          userId,
          url: target.url,
          event,
          surface: options.surface ?? 'quarry',
          headers: target.headers,
          body: (deliveryId) => JSON.stringify(payload(deliveryId)),
        },
        options.executor,
      );
      // Sent at once when it is already committed; inside a transaction, the next sweep finds it.
      if (options.executor === undefined) setImmediate(() => void sender.sweep());
      return id;
    },
  };
}
