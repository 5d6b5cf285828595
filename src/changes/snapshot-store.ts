/**
 * Each account's snapshots of the pages it tracks (migration 0019). Every read and write is keyed
 * by the account: one account's snapshot is never read for another, whatever the URL and tag.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Snapshot } from './compare.js';

type ChangeSnapshotsTable = {
  user_id: number;
  url_key: string;
  tag: string;
  url: string;
  markdown: string | null;
  content_hash: string;
  scraped_at: string;
};

/** Where a snapshot is kept: the account, the page's canonical URL and the tag ('' for none). */
export interface SnapshotKey {
  readonly account: number;
  readonly url: string;
  readonly tag: string;
}

export interface SnapshotStore {
  get(key: SnapshotKey): Promise<Snapshot | undefined>;
  /** Keeps `snapshot` in place of the one there was (the last scrape wins). */
  put(key: SnapshotKey, snapshot: Snapshot): Promise<void>;
}

const urlKey = (url: string) => createHash('sha256').update(url).digest('hex');

export function createSnapshotStore(database: Kysely<Database>): SnapshotStore {
  const db = database.withTables<{ change_snapshots: ChangeSnapshotsTable }>();
  return {
    async get({ account, url, tag }) {
      const row = await db
        .selectFrom('change_snapshots')
        .select(['markdown', 'content_hash', 'scraped_at'])
        .where('user_id', '=', account)
        .where('url_key', '=', urlKey(url))
        .where('tag', '=', tag)
        .executeTakeFirst();
      return row === undefined ? undefined : { markdown: row.markdown, hash: row.content_hash, scrapedAt: row.scraped_at };
    },
    async put({ account, url, tag }, snapshot) {
      const values = { markdown: snapshot.markdown, content_hash: snapshot.hash, scraped_at: snapshot.scrapedAt, url };
      await db
        .insertInto('change_snapshots')
        .values({ user_id: account, url_key: urlKey(url), tag, ...values })
        .onConflict((conflict) => conflict.columns(['user_id', 'url_key', 'tag']).doUpdateSet(values))
        .execute();
    },
  };
}
