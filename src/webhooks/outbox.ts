/**
 * The durable outbox of webhook deliveries (migration 0020). A delivery is written before its event
 * counts as sent (in the transaction of the work's own progress when the caller passes one), and
 * stays until it is delivered or its retry time runs out. Claims are conditional updates of
 * `lease_until`, so two senders (two instances) never send one attempt twice, on SQLite and on
 * PostgreSQL alike; a sender that died holding a claim loses it when the lease ends.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DeliveryStatus, DeliverySurface, WebhookDeliveriesTable, WebhookTables } from './tables.js';

export interface NewDelivery {
  readonly userId: number;
  readonly url: string;
  readonly event: string;
  readonly surface: DeliverySurface;
  readonly headers: Readonly<Record<string, string>>;
  /** Builds the exact body from the delivery id (Firecrawl's payload names it as `webhookId`). */
  readonly body: (deliveryId: string) => string;
}

/** A delivery as the account's list shows it: never its body or headers. */
export interface DeliveryView {
  readonly id: string;
  readonly event: string;
  readonly host: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_status_code: number | null;
  readonly last_error: string | null;
  readonly next_attempt_at: string | null;
  readonly created: string;
  readonly delivered_at: string | null;
}

export type ClaimedDelivery = Pick<WebhookDeliveriesTable, 'id' | 'user_id' | 'url' | 'event' | 'surface' | 'body' | 'headers' | 'attempts' | 'created'>;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

export function createOutbox(database: Kysely<Database>, now: () => Date) {
  const db = database.withTables<WebhookTables>();
  const stamp = () => now().toISOString();

  return {
    /** Writes one delivery, due now; `executor` is the caller's transaction when it has one. Returns its id. */
    async enqueue(delivery: NewDelivery, executor: Kysely<Database> = database): Promise<string> {
      const id = randomUUID();
      const at = stamp();
      await executor
        .withTables<WebhookTables>()
        .insertInto('webhook_deliveries')
        .values({
          id,
          user_id: delivery.userId,
          url: delivery.url,
          event: delivery.event,
          surface: delivery.surface,
          body: delivery.body(id),
          headers: JSON.stringify(delivery.headers),
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_until: null,
          last_status_code: null,
          last_error: null,
          created: at,
          delivered_at: null,
        })
        .execute();
      return id;
    },

    /** Ids of pending deliveries that are due and unclaimed, oldest first, with their accounts. */
    async due(limit: number): Promise<{ id: string; user_id: number }[]> {
      const at = stamp();
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'user_id'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, user_id: Number(row.user_id) }));
    },

    /** Claims a due delivery for `leaseMs`; undefined when another sender took it first. */
    async claim(id: string, leaseMs: number): Promise<ClaimedDelivery | undefined> {
      const at = stamp();
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ lease_until: new Date(now().getTime() + leaseMs).toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return db
        .selectFrom('webhook_deliveries')
        .select(['id', 'user_id', 'url', 'event', 'surface', 'body', 'headers', 'attempts', 'created'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async delivered(id: string, statusCode: number): Promise<void> {
      const at = stamp();
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: 'delivered',
          attempts: eb('attempts', '+', 1),
          last_status_code: statusCode,
          last_error: null,
          delivered_at: at,
          lease_until: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Notes a failed attempt: tried again at `retryAt`, or failed for good when undefined. */
    async attemptFailed(id: string, outcome: { statusCode: number | null; error: string; retryAt: Date | undefined }): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: outcome.retryAt === undefined ? 'failed' : 'pending',
          attempts: eb('attempts', '+', 1),
          last_status_code: outcome.statusCode,
          last_error: outcome.error.slice(0, 500),
          ...(outcome.retryAt === undefined ? {} : { next_attempt_at: outcome.retryAt.toISOString() }),
          lease_until: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** The account's deliveries, newest first. */
    async list(userId: number, offset: number, limit: number): Promise<DeliveryView[]> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'event', 'url', 'status', 'attempts', 'last_status_code', 'last_error', 'next_attempt_at', 'created', 'delivered_at'])
        .where('user_id', '=', userId)
        .orderBy('created', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        event: row.event,
        host: hostOf(row.url),
        status: row.status,
        attempts: Number(row.attempts),
        last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
        last_error: row.last_error,
        next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
        created: row.created,
        delivered_at: row.delivered_at,
      }));
    },

    /** Forgets finished deliveries created before `before`; returns how many. */
    async deleteFinishedBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created', '<', before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
