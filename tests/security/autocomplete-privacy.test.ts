/**
 * Issue 16, item 3: autocomplete used to return other accounts' queries verbatim. An account's
 * own searches are suggested to it alone; a query becomes a suggestion for others only once
 * AUTOCOMPLETE_MIN_ACCOUNTS distinct accounts searched it, and never when it holds an operator, an
 * email address, a URL, a long number or a token. Existing log data is migrated to that rule.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { isShareableQuery } from '../../src/local-index/query-privacy.js';
import { startSearchApp, type HttpClient, type SearchApp } from '../support/search-app.js';
import { withDatabaseAt } from '../support/migrated-database.js';

describe('autocomplete across accounts', () => {
  let h: SearchApp;
  let http: HttpClient;
  beforeAll(async () => {
    h = await startSearchApp({ AUTOCOMPLETE_MIN_ACCOUNTS: '3', SEARCH_CHAIN_WEB: 'local', SEARCH_CHAIN_AUTOCOMPLETE: 'local' });
    // Queries that find nothing are never suggested (issue 14): the index holds what these search.
    const page = (path: string, text: string) => ({
      name: path,
      url: `https://privacy-site.example.org${path}`,
      html: `<!doctype html><html lang="en"><head><title>${path}</title></head><body><p>${text}</p></body></html>`,
    });
    await h.index([page('/reset', 'zqreset password for alice@example.com'), page('/aurora', 'zqaurora forecast for tonight')], new Date());
    http = await h.listen();
  });
  afterAll(async () => h?.close());

  const suggest = async (key: string, q: string): Promise<string[]> => {
    const res = await http.post('/api/v1/autocomplete', key, { q, use_cache: false });
    expect(res.status).toBe(200);
    return res.body.suggestions ?? [];
  };
  const search = async (key: string, query: string) => expect((await http.post('/api/v1/search', key, { query })).status).toBe(200);

  it('suggests an account its own searches, secrets included, and nobody else', async () => {
    const victim = await h.t.customer(50);
    const attacker = await h.t.customer(50);
    const secret = 'zqreset password for alice@example.com';
    await search(victim.key, secret);
    expect(await suggest(victim.key, 'zqreset')).toEqual([secret]);
    expect(await suggest(attacker.key, 'zqreset')).toEqual([]);
  });

  it('makes a query a global suggestion only from AUTOCOMPLETE_MIN_ACCOUNTS distinct accounts on', async () => {
    const searchers = await Promise.all([1, 2, 3].map(() => h.t.customer(50)));
    const observer = await h.t.customer(50);
    const first = searchers[0]!;
    // One account searching many times is still one account.
    for (let i = 0; i < 5; i++) await search(first.key, 'zqaurora forecast');
    expect(await suggest(observer.key, 'zqaurora')).toEqual([]);
    await search(searchers[1]!.key, 'zqaurora forecast');
    expect(await suggest(observer.key, 'zqaurora')).toEqual([]);
    await search(searchers[2]!.key, 'zqaurora forecast');
    expect(await suggest(observer.key, 'zqaurora')).toEqual(['zqaurora forecast']);
  });

  it('never makes a query with an operator, email, URL, long number or token a global suggestion', async () => {
    const searchers = await Promise.all([1, 2, 3, 4].map(() => h.t.customer(50)));
    const observer = await h.t.customer(50);
    const queries = [
      'zqleak site:intranet.example.com',
      'zqleak bob@example.com',
      'zqleak https://docs.example.com/d/abc',
      'zqleak 4111 1111 1111 1111',
      'zqleak sk_live_51HqLyjWDarjtT1zdp7dc',
    ];
    for (const searcher of searchers) for (const query of queries) await search(searcher.key, query);
    expect(await suggest(observer.key, 'zqleak')).toEqual([]);
  });
});

describe('isShareableQuery', () => {
  it('keeps plain queries and refuses operators, emails, URLs, long numbers and tokens', () => {
    expect(isShareableQuery('northern lights forecast 2026')).toBe(true);
    expect(isShareableQuery('iphone 15 pro')).toBe(true);
    for (const query of [
      'a -b',
      '"exact phrase"',
      'cats OR dogs',
      'intitle:x',
      'x@y.org',
      'see example.com/path',
      'www.example.com',
      'call 555 123 4567',
      'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
    ]) {
      expect(isShareableQuery(query), query).toBe(false);
    }
  });
});

describe('migration 0006 and the existing query log', () => {
  it('forgets logged queries that may not be shared and keeps the others out of suggestions until enough accounts search them', async () => {
    await withDatabaseAt('0005-search-index-ranking', async (handle) => {
      const at = new Date().toISOString();
      for (const [key, query] of [
        ['plain old query', 'plain old query'],
        ['mail bob example com', 'mail bob@example.com'],
        ['site intra example com', 'site:intra.example.com'],
      ]) {
        await sql`INSERT INTO search_query_log (query_key, query, searches, last_searched) VALUES (${key}, ${query}, 40, ${at})`.execute(handle.db);
      }
      await migrateToLatest(handle);
      const rows = await handle.db.selectFrom('search_query_log').select(['query', 'searches', 'accounts']).orderBy('query').execute();
      expect(rows.map((row) => ({ ...row, searches: Number(row.searches), accounts: Number(row.accounts) }))).toEqual([
        { query: 'plain old query', searches: 40, accounts: 0 },
      ]);
    });
  });
});
