/**
 * The real app listening on loopback for the compatibility suites, whose SDKs speak HTTP: the local
 * index filled with the fixture corpus, the crawl and scraper fixture sites allowed as targets, no
 * crawl delay, and throttles out of the way.
 */
import { freePort } from './ports.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import { CORPUS } from './index-corpus.js';
import { startCrawlSite, type CrawlSite } from './index-crawl-site.js';
import { startSearchApp, type SearchApp } from './search-app.js';
import { expectAuditClean } from './ledger-watch.js';

export interface CompatApp {
  readonly h: SearchApp;
  readonly site: CrawlSite;
  /** The scraper fixture site (slow pages, PDFs, charsets…), also allowed as a target. */
  readonly fixtures: FixtureSite;
  /** `http://127.0.0.1:PORT` of the Quarry server. */
  readonly baseUrl: string;
  balance(userId: number): Promise<number>;
  /** Every account's balance equals its ledger sum, none is negative, and no hold is left open. */
  expectAuditClean(): Promise<void>;
  close(): Promise<void>;
}

export async function startCompatApp(env: Record<string, string> = {}): Promise<CompatApp> {
  const port = await freePort();
  const site = await startCrawlSite();
  const fixtures = await startFixtureSite();
  const h = await startSearchApp({
    SCRAPE_ALLOWED_HOSTS: `${site.host},${fixtures.host}`,
    CRAWL_DELAY_MS: '0',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    PRICE_SCRAPE: '1',
    PRICE_SEARCH_SOURCE: '1',
    // Links (crawl `next`) come from PUBLIC_URL alone, so the server's address is chosen before it starts.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  await h.index(CORPUS, new Date(Date.now() - 60_000));
  await h.t.quarry.app.listen({ host: '127.0.0.1', port });
  return {
    h,
    site,
    fixtures,
    baseUrl: `http://127.0.0.1:${port}`,
    balance: (userId) => h.balance(userId),
    expectAuditClean: () => expectAuditClean(h.t),
    async close() {
      await h.close();
      await site.close();
      await fixtures.close();
    },
  };
}
