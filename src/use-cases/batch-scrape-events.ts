/**
 * A batch scrape's webhook events: `batch_scrape.started`, `batch_scrape.page` (one a page, with its
 * result, or its error), `batch_scrape.completed` and `batch_scrape.failed`, in Firecrawl's payload
 * shape `{success, type, id: <batch id>, webhookId: <delivery id>, data: [...], metadata, error?}`.
 * A Firecrawl batch sends its documents with Firecrawl's signature header besides Quarry's; a
 * native one sends its status-page entries (`{url, status, result}`) under Quarry's alone. Each
 * event is stored in the outbox in the transaction of the progress it tells of.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { wants, type Webhooks } from '../webhooks/index.js';
import type { BatchRecord, BatchStartEvents } from './batch-scrape.js';

/** The short names `webhook.events` takes. */
export const BATCH_EVENTS = ['started', 'page', 'completed', 'failed'] as const;
type BatchEvent = (typeof BATCH_EVENTS)[number];

type BatchRef = Pick<BatchRecord, 'id' | 'userId' | 'surface' | 'webhook'>;

export interface BatchEvents<D> extends BatchStartEvents {
  page(batch: BatchRef, page: { readonly url: string; readonly result?: D; readonly error?: string }, executor: Kysely<Database>): Promise<void>;
  completed(batch: BatchRef, executor: Kysely<Database>): Promise<void>;
  failed(batch: BatchRef, error: string, executor: Kysely<Database>): Promise<void>;
}

export function createBatchEvents<D>(webhooks: Pick<Webhooks, 'available' | 'enqueue'>): BatchEvents<D> {
  async function send(batch: BatchRef, event: BatchEvent, data: unknown[], error: string | undefined, executor: Kysely<Database>): Promise<void> {
    const target = batch.webhook;
    if (target === undefined || !wants(target, event)) return;
    const type = `batch_scrape.${event}`;
    await webhooks.enqueue(
      batch.userId,
      target,
      type,
      (webhookId) => ({
        success: error === undefined,
        type,
        id: batch.id,
        webhookId,
        data,
        metadata: target.metadata,
        ...(error === undefined ? {} : { error }),
      }),
      { surface: batch.surface === 'firecrawl' ? 'firecrawl' : 'quarry', executor },
    );
  }

  /** What a page event carries: Firecrawl's document, or the native status page's entry. */
  function pageData(batch: BatchRef, page: { url: string; result?: D; error?: string }): unknown[] {
    if (batch.surface === 'firecrawl') return page.result === undefined ? [] : [page.result];
    return [page.result === undefined ? { url: page.url, status: 'failed', error: page.error } : { url: page.url, status: 'completed', result: page.result }];
  }

  return {
    get available() {
      return webhooks.available;
    },
    started: (batch, executor) => send(batch, 'started', [], undefined, executor),
    page: (batch, page, executor) => send(batch, 'page', pageData(batch, page), page.error, executor),
    completed: (batch, executor) => send(batch, 'completed', [], undefined, executor),
    failed: (batch, error, executor) => send(batch, 'failed', [], error, executor),
  };
}
