/**
 * Sends what the outbox holds. A periodic sweep (started by the feature, stopped at shutdown) reads
 * due deliveries, claims each with a conditional update (so of several instances, one sends each
 * attempt), signs it with the account's current secret and POSTs it through the guarded fetch
 * engine (the same address checks and per-host limit as scraping). A 2xx delivers it; anything
 * else schedules the next attempt. Nothing lives only in memory: after a restart, the rows left
 * pending are simply due again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isScrapeNetworkError, type FetchEngine } from '../scrape/net/index.js';
import type { ClaimedDelivery, Outbox } from './outbox.js';
import { nextAttemptAt, type RetrySchedule } from './schedule.js';
import type { WebhookSecrets } from './secrets.js';
import { deliveryHeaders } from './signing.js';

export interface SenderDeps {
  readonly outbox: Outbox;
  readonly secrets: WebhookSecrets;
  readonly fetchEngine: FetchEngine;
  readonly schedule: RetrySchedule;
  /** Deliveries of one account this instance sends at once (`WEBHOOK_ACCOUNT_CONCURRENCY`). */
  readonly perAccount: number;
  /** A receiver's time to answer (`WEBHOOK_TIMEOUT_MS`). */
  readonly timeoutMs: number;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
}

/** Deliveries read per sweep; the rest wait for the next one. */
const BATCH = 100;

export function createSender(deps: SenderDeps) {
  const { outbox } = deps;
  const inFlight = new Map<number, number>();
  const running = new Set<Promise<void>>();
  // A claim outlives the longest attempt, so it never runs out while its sender still waits.
  const leaseMs = deps.timeoutMs * 2 + 5_000;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    let statusCode: number | null = null;
    let error: string;
    try {
      const secret = await deps.secrets.secretOf(Number(delivery.user_id));
      const headers = deliveryHeaders({
        id: delivery.id,
        secret,
        body: delivery.body,
        timestamp,
        surface: delivery.surface,
        extra: JSON.parse(delivery.headers) as Record<string, string>,
      });
      const response = await deps.fetchEngine.post(delivery.url, delivery.body, { headers, timeoutMs: deps.timeoutMs });
      statusCode = response.status;
      if (statusCode >= 200 && statusCode < 300) {
        await outbox.delivered(delivery.id, statusCode);
        return;
      }
      error = `the receiver answered ${statusCode}`;
    } catch (caught) {
      // Only the engine's own words (which name the host, never the body or headers) go into the row.
      error = isScrapeNetworkError(caught) ? caught.message : 'the delivery failed on the server';
      if (!isScrapeNetworkError(caught)) deps.log.error({ err: caught, deliveryId: delivery.id }, 'webhook delivery failed');
    }
    const retryAt = nextAttemptAt(deps.schedule, Number(delivery.attempts) + 1, new Date(delivery.created), deps.now());
    await outbox.attemptFailed(delivery.id, { statusCode, error, retryAt });
    if (retryAt === undefined) deps.log.warn({ deliveryId: delivery.id, event: delivery.event }, 'webhook delivery failed for good');
  }

  async function sendOne(id: string): Promise<void> {
    const claimed = await outbox.claim(id, leaseMs);
    if (claimed === undefined) return;
    await attempt(claimed);
  }

  let sweeping: Promise<void> | undefined;
  let closed = false;
  async function sweepOnce(): Promise<void> {
    const due = await outbox.due(BATCH);
    for (const { id, user_id: userId } of due) {
      const busy = inFlight.get(userId) ?? 0;
      if (busy >= deps.perAccount) continue;
      inFlight.set(userId, busy + 1);
      const task = sendOne(id)
        .catch((error: unknown) => deps.log.error({ err: error, deliveryId: id }, 'webhook delivery failed'))
        .finally(() => {
          const left = (inFlight.get(userId) ?? 1) - 1;
          if (left === 0) inFlight.delete(userId);
          else inFlight.set(userId, left);
          running.delete(task);
        });
      running.add(task);
    }
  }

  return {
    /** Sends what is due now; a sweep already under way is not doubled. */
    sweep(): Promise<void> {
      if (closed) return Promise.resolve();
      sweeping ??= sweepOnce()
        .catch((error: unknown) => deps.log.error({ err: error }, 'webhook sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    },
    /** Takes no more sweeps and waits for the attempts under way (at shutdown; the next start sends what is left). */
    async drain(): Promise<void> {
      closed = true;
      await sweeping;
      await Promise.allSettled([...running]);
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
