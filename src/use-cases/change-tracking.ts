/**
 * Change tracking: a fresh scrape's Markdown compared with the last one the same account took of
 * the same page (under the same tag), and kept in its place. The surfaces scrape (afresh, metered
 * as any scrape), then call this; it charges nothing of its own.
 *
 * A page that now answers 404 or 410 is `removed` when the account has a snapshot of it; the
 * snapshot stays, so a page that comes back is compared with what it was before it went.
 */
import type { Kysely } from 'kysely';
import {
  compareWithSnapshot,
  createSnapshotStore,
  removedSince,
  type ChangeTracking,
  type ChangeTrackingOptions,
  type SnapshotStore,
} from '../changes/index.js';
import type { Database } from '../db/schema.js';

/** Target statuses that mean the page is gone (Firecrawl's `removed`). */
const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

export interface TrackedChange {
  readonly changeTracking: ChangeTracking;
  /** What the comparison could not show, one sentence each (the surface adds them to its warnings). */
  readonly warnings: string[];
}

export interface ChangeTrackingDeps {
  readonly db: Kysely<Database>;
  readonly now: () => Date;
}

export function createChangeTrackingUseCase(deps: ChangeTrackingDeps) {
  const store: SnapshotStore = createSnapshotStore(deps.db);
  return {
    /** Compares `markdown` (of the canonical `url`, scraped now for `account`) with the snapshot, and keeps it as the next one. */
    async track(account: number, url: string, options: ChangeTrackingOptions, markdown: string): Promise<TrackedChange> {
      const key = { account, url, tag: options.tag };
      const previous = await store.get(key);
      const { changeTracking, warnings, next } = compareWithSnapshot(previous, markdown, deps.now().toISOString(), options.modes);
      await store.put(key, next);
      return { changeTracking, warnings };
    },

    /**
     * The answer for a scrape whose target answered `status`: `removed` when that status means the
     * page is gone and the account has a snapshot of it; undefined otherwise (the scrape's error stands).
     */
    async removed(account: number, url: string, options: ChangeTrackingOptions, status: number | undefined): Promise<ChangeTracking | undefined> {
      if (status === undefined || !GONE_STATUSES.has(status)) return undefined;
      const previous = await store.get({ account, url, tag: options.tag });
      return previous === undefined ? undefined : removedSince(previous);
    },
  };
}

export type ChangeTrackingUseCase = ReturnType<typeof createChangeTrackingUseCase>;
