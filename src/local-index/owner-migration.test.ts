import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_NOW } from '../../tests/support/index-corpus.js';
import { migrateToLatest } from '../db/migrate.js';
import { parseQuery } from '../search/query.js';
import { createIndexer } from './indexer.js';
import { createIndexStore } from './store.js';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';

describe('migration 0006 and an existing index', () => {
  it('keeps every page, its id and its documents in the shared index, and lets accounts hold their own copy of a URL', async () => {
    await withDatabaseAt('0005-search-index-ranking', async (handle) => {
      const page = CORPUS[0]!;
      const at = CORPUS_NOW.toISOString();
      // A page and one document as 0005 stored them (the full-text side is rebuilt by a later put).
      const inserted = await sql<{
        id: number;
      }>`INSERT INTO index_pages (url, host, title, description, body, lang, country, published_at, first_seen, indexed_at, dated_at, source, bytes)
      VALUES (${page.url}, 'news.example.com', 'Old title', NULL, 'old body', 'en', NULL, NULL, ${at}, ${at}, ${at}, 'crawl', 8) RETURNING id`.execute(
        handle.db,
      );
      const pageId = Number(inserted.rows[0]!.id);
      const tsv = handle.dialect === 'postgres' ? sql`, tsv` : sql``;
      const tsvValue = handle.dialect === 'postgres' ? sql`, ''::tsvector` : sql``;
      await sql`INSERT INTO index_docs (page_id, vertical, ord, title, link, host, host_rev, path, url_text, snippet, item, published_at, dated_at, lang, country${tsv})
      VALUES (${pageId}, 'web', 0, 'Old title', ${page.url}, 'news.example.com', 'com.example.news', '/', 'news example com', NULL, '{}', NULL, ${at}, 'en', NULL${tsvValue})`.execute(
        handle.db,
      );

      await migrateToLatest(handle);
      const pages = await handle.db.selectFrom('index_pages').select(['id', 'url', 'owner_id', 'title']).execute();
      expect(pages.map((row) => ({ ...row, id: Number(row.id), owner_id: Number(row.owner_id) }))).toEqual([
        { id: pageId, url: page.url, owner_id: 0, title: 'Old title' },
      ]);
      const docs = await handle.db.selectFrom('index_docs').select(['page_id', 'owner_id']).execute();
      expect(docs.map((row) => [Number(row.page_id), Number(row.owner_id)])).toEqual([[pageId, 0]]);

      // The same URL, once shared (replacing the old entry) and once private to account 7.
      const store = createIndexStore(handle.db, handle.dialect);
      const indexer = createIndexer({ store, now: () => CORPUS_NOW });
      await indexer.indexHtml(page.html, page.url, 'crawl');
      await indexer.indexHtml(page.html, page.url, 'scrape', undefined, 7);
      const owners = await handle.db.selectFrom('index_pages').select('owner_id').orderBy('owner_id').execute();
      expect(owners.map((row) => Number(row.owner_id))).toEqual([0, 7]);
      const search = (account: number) =>
        store.search({ vertical: 'web', query: parseQuery('solar storm'), num: 10, page: 1, window: { sortByDate: false }, account });
      // The owner's search holds both copies (the router de-duplicates them by URL); others see the shared one.
      expect((await search(7)).length).toBe(2);
      expect((await search(8)).length).toBe(1);
    });
  });
});
