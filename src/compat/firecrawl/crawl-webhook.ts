/**
 * A Firecrawl crawl's webhook events, in Firecrawl's payload shape: `{success, type: 'crawl.page',
 * id: <crawl id>, webhookId: <delivery id>, data: [...], metadata, error?}`, sent with Firecrawl's
 * signature header besides Quarry's. Each is stored in the outbox with the crawl's own progress
 * (the transaction it is given), so an event is never lost to a crash nor sent for work undone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { wants, type Webhooks } from '../../webhooks/index.js';
import type { CrawlPlan } from './crawl-plan.js';
import type { FirecrawlDocument } from './document.js';

export interface CrawlRef {
  readonly id: string;
  readonly userId: number;
}

export interface CrawlEvents {
  started(crawl: CrawlRef, plan: CrawlPlan): Promise<void>;
  page(crawl: CrawlRef, plan: CrawlPlan, document: FirecrawlDocument, executor: Kysely<Database>): Promise<void>;
  completed(crawl: CrawlRef, plan: CrawlPlan, executor: Kysely<Database>): Promise<void>;
  failed(crawl: CrawlRef, plan: CrawlPlan, error: string, executor: Kysely<Database>): Promise<void>;
}

type ShortEvent = 'started' | 'page' | 'completed' | 'failed';

export function createCrawlEvents(webhooks: Webhooks): CrawlEvents {
  async function send(crawl: CrawlRef, plan: CrawlPlan, event: ShortEvent, data: unknown[], error: string | undefined, executor?: Kysely<Database>) {
    const target = plan.webhook;
    if (target === undefined || !wants(target, event)) return;
    const type = `crawl.${event}`;
    await webhooks.enqueue(
      crawl.userId,
      target,
      type,
      (webhookId) => ({
        success: error === undefined,
        type,
        id: crawl.id,
        webhookId,
        data,
        metadata: target.metadata,
        ...(error === undefined ? {} : { error }),
      }),
      { surface: 'firecrawl', ...(executor === undefined ? {} : { executor }) },
    );
  }
  return {
    started: (crawl, plan) => send(crawl, plan, 'started', [], undefined),
    page: (crawl, plan, document, executor) => send(crawl, plan, 'page', [document], undefined, executor),
    completed: (crawl, plan, executor) => send(crawl, plan, 'completed', [], undefined, executor),
    failed: (crawl, plan, error, executor) => send(crawl, plan, 'failed', [], error, executor),
  };
}
