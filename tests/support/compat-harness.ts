/**
 * A Quarry server listening on loopback for the SDK tests of the compatibility surfaces (Tavily,
 * Exa, Jina Reader, MCP): the real app, the loopback fixture site allowed as a scrape target, and
 * the fixture site's pages in the local index, so a search finds pages that can also be scraped.
 */
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore } from '../../src/local-index/store.js';
import { startTestApp, type TestApp } from './app.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import { expectAuditClean } from './ledger-watch.js';

/** Fixture pages put in the index: all of them contain the word "fixture". */
export const INDEXED_PATHS = ['/html/basic', '/html/article', '/html/links', '/'] as const;

export interface CompatHarness {
  readonly t: TestApp;
  readonly site: FixtureSite;
  /** `http://127.0.0.1:PORT` of the listening Quarry. */
  readonly baseUrl: string;
  balance(userId: number): Promise<number>;
  /** Revokes a key through the REST API, as its owner would. */
  revokeKey(access: string, keyId: number): Promise<void>;
  /** Every account's balance equals its ledger sum, none is negative, and no hold is left open (`quarry credits audit`). */
  expectAuditClean(): Promise<void>;
  close(): Promise<void>;
}

export async function startCompatHarness(
  env: Record<string, string> = {},
  options: { readonly allowedHosts?: readonly string[] } = {},
): Promise<CompatHarness> {
  const site = await startFixtureSite();
  const t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: [site.host, ...(options.allowedHosts ?? [])].join(','),
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    // Scrapes must not add pages to the index behind the tests' back.
    INDEX_SCRAPES: 'off',
    ...env,
  });
  const { app, db, dialect } = t.quarry;
  const indexer = createIndexer({ store: createIndexStore(db, dialect), now: () => new Date() });
  for (const path of INDEXED_PATHS) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    await indexer.indexHtml(html, `${site.url}${path}`, 'import');
  }
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    site,
    baseUrl,
    balance: (userId) => t.quarry.services.ledger.balance(userId),
    async revokeKey(access, keyId) {
      const res = await app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${keyId}/`, headers: { authorization: `Bearer ${access}` } });
      if (res.statusCode !== 204) throw new Error(`revoke failed: ${res.statusCode} ${res.body}`);
    },
    expectAuditClean: () => expectAuditClean(t),
    async close() {
      await t.close();
      await site.close();
    },
  };
}
