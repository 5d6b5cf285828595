/** The crawler as the operator commands use it: the guarded fetch engine configured like the scraper's. */
import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { fetchEngineOptions } from '../../scrape/index.js';
import { createFetchEngine } from '../../scrape/net/index.js';
import { createCrawler, type Crawler } from '../../crawl/index.js';
import { createIndexer, type Indexer } from '../indexer.js';
import { createIndexStore, type IndexStore } from '../store.js';

export interface CrawlServices {
  readonly store: IndexStore;
  readonly indexer: Indexer;
  readonly crawler: Crawler;
  close(): Promise<void>;
}

/** `SCRAPE_ALLOWED_HOSTS`, proxy, timeouts and size caps apply to the crawler exactly as to scrapes. */
export function openCrawlServices(config: Config, db: Kysely<Database>, dialect: DialectName): CrawlServices {
  const store = createIndexStore(db, dialect);
  const indexer = createIndexer({ store });
  const fetchEngine = createFetchEngine({ ...fetchEngineOptions(config), userAgent: config.crawlUserAgent });
  const crawler = createCrawler({ db, fetchEngine, indexer, userAgent: config.crawlUserAgent, delayMs: config.crawlDelayMs });
  return { store, indexer, crawler, close: () => fetchEngine.close() };
}
