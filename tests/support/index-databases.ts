/**
 * Fresh, migrated databases for index tests: SQLite always, and PostgreSQL as well when
 * `QUARRY_TEST_POSTGRES_URL` is set, so one suite proves the same answers on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore, type IndexSource, type IndexStore, type IndexStoreOptions } from '../../src/local-index/store.js';
import { createTestDatabase, TEST_POSTGRES_URL } from './database.js';

export interface IndexTestDatabase {
  readonly dialect: DialectName;
  readonly handle: DatabaseHandle;
  close(): Promise<void>;
}

/** The dialects this run can test: always SQLite, PostgreSQL when configured. */
export const INDEX_TEST_DIALECTS: readonly DialectName[] = TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function openIndexTestDatabase(dialect: DialectName): Promise<IndexTestDatabase> {
  if (dialect === 'postgres') {
    const database = await createTestDatabase();
    const handle = openDatabase({ url: database.url, sqliteFile: '', poolSize: 4 });
    await migrateToLatest(handle);
    return {
      dialect,
      handle,
      async close() {
        await handle.close();
        await database.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'quarry-index-'));
  const handle = openDatabase({ sqliteFile: join(dir, 'quarry.db') });
  await migrateToLatest(handle);
  return {
    dialect,
    handle,
    async close() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A page as a test hands it to the indexer. */
interface PageToIndex {
  readonly url: string;
  readonly html: string;
}

/** Indexes `pages` into `store` as `source` (a crawl, an import…) would at `at`. */
export async function indexPages(store: IndexStore, pages: readonly PageToIndex[], at: Date, source: IndexSource): Promise<void> {
  const indexer = createIndexer({ store, now: () => at });
  for (const page of pages) await indexer.indexHtml(page.html, page.url, source);
}

export interface IndexedStore {
  readonly store: IndexStore;
  close(): Promise<void>;
}

/** A fresh database of `dialect` whose index holds `pages`, indexed as `source` at `at`. */
export async function openIndexedStore(
  dialect: DialectName,
  pages: readonly PageToIndex[],
  indexed: { readonly at: Date; readonly source: IndexSource; readonly store?: IndexStoreOptions },
): Promise<IndexedStore> {
  const database = await openIndexTestDatabase(dialect);
  try {
    const store = createIndexStore(database.handle.db, dialect, indexed.store);
    await indexPages(store, pages, indexed.at, indexed.source);
    return { store, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
