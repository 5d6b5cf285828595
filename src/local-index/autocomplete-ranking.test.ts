/**
 * Issue 14: autocomplete ranks logged queries by how often they were searched, recent searches
 * weighing more, folded for case and spaces, and never suggests queries with operators or queries
 * that found nothing. Time is a manual clock: decay is checked without waiting.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { simplePages } from '../../tests/support/index-corpus.js';
import { createManualClock } from '../../tests/support/manual-clock.js';
import { startSearchApp, type SearchApp } from '../../tests/support/search-app.js';
import { createIndexStore } from './store.js';
import { foldText } from './text.js';
import { withDatabaseAt } from '../../tests/support/migrated-database.js';

const DAY = 24 * 3600 * 1000;

const page = simplePages('https://quarry-site.example.org', 'en');

/** A small site as a crawl leaves it in the index. */
const SITE = [
  page('/', 'Granite quarry tours', 'Guided granite quarry tours every weekend, with a visit of the wire saw and the cutting floor.'),
  page('/countertops', 'Granite countertops', 'Polished granite countertops cut from our own blocks, and how granite compares with marble.'),
  page('/history', 'History of the granite works', 'The granite works opened in 1880; the quarry has supplied granite for bridges since.'),
];

describe('autocomplete ranking', () => {
  const clock = createManualClock(Date.UTC(2026, 0, 10, 9, 0, 0));
  let h: SearchApp;
  let key: string;
  beforeAll(async () => {
    h = await startSearchApp(
      { AUTOCOMPLETE_MIN_ACCOUNTS: '2', SEARCH_CHAIN_WEB: 'local', SEARCH_CHAIN_AUTOCOMPLETE: 'local' },
      { now: () => new Date(clock.now()) },
    );
    await h.index(SITE, new Date(clock.now()));
    key = (await h.t.customer(500)).key;
  });
  afterAll(async () => h?.close());

  const search = async (apiKey: string, query: string) => {
    const res = await h.post('/api/v1/search', apiKey, { query, use_cache: false });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { web: unknown[] } }>().data.web.length;
  };
  const suggest = async (apiKey: string, q: string, num = 10): Promise<string[]> => {
    const res = await h.post('/api/v1/autocomplete', apiKey, { q, num, use_cache: false });
    expect(res.statusCode).toBe(200);
    return res.json<{ suggestions: string[] }>().suggestions;
  };

  it('puts a query searched 8 times first for its prefix, without operator or zero-result queries', async () => {
    expect(await search(key, 'granite history')).toBeGreaterThan(0);
    clock.advance(200 * DAY);
    // The same query typed in several ways counts as one.
    for (const typed of ['granite quarry tours', 'Granite Quarry  Tours', ' granite   quarry tours ', 'GRANITE QUARRY TOURS']) {
      expect(await search(key, typed)).toBeGreaterThan(0);
      expect(await search(key, typed)).toBeGreaterThan(0);
      clock.advance(3600 * 1000);
    }
    for (let i = 0; i < 10; i++) {
      for (const query of ['granite -quarry', 'granite site:quarry-site.example.org', '"granite works"', 'granite OR marble', 'granite filetype:pdf']) {
        await search(key, query);
      }
      expect(await search(key, 'granite zzyzxq')).toBe(0);
    }

    const suggestions = await suggest(key, 'gran', 2);
    expect(suggestions).toEqual(['GRANITE QUARRY TOURS', 'granite history']);
    const all = await suggest(key, 'granite ', 10);
    expect(all.slice(0, 2)).toEqual(['GRANITE QUARRY TOURS', 'granite history']);
    for (const suggestion of all) expect(suggestion).not.toMatch(/-quarry|site:|"|\bOR\b|filetype:|zzyzxq/);
  });

  it('lets recent searches outweigh more numerous old ones, as time passes', async () => {
    const user = (await h.t.customer(500)).key;
    for (let i = 0; i < 4; i++) expect(await search(user, 'granite countertops')).toBeGreaterThan(0);
    clock.advance(10 * DAY);
    for (let i = 0; i < 2; i++) expect(await search(user, 'granite works')).toBeGreaterThan(0);
    // 4 searches 10 days ago still outweigh 2 today …
    expect(await suggest(user, 'granite c', 10)).toEqual(['granite countertops']);
    expect((await suggest(user, 'granite', 2)).slice(0, 2)).toEqual(['granite countertops', 'granite works']);
    // … but not after two more months without them, once the other is searched again.
    clock.advance(60 * DAY);
    expect(await search(user, 'granite works')).toBeGreaterThan(0);
    expect((await suggest(user, 'granite', 2)).slice(0, 2)).toEqual(['granite works', 'granite countertops']);
  });

  it('answers a search without writing the log, and still suggests it at once (issue 13)', async () => {
    const user = await h.t.customer(500);
    const logged = () => h.t.quarry.db.selectFrom('search_query_history').select('query').where('account_id', '=', user.id).execute();
    expect(await search(user.key, 'granite quarry works')).toBeGreaterThan(0);
    // Counted in memory: the answer came before any write (the log is written within a second).
    expect(await logged()).toEqual([]);
    expect(await suggest(user.key, 'granite quarry w')).toEqual(['granite quarry works']);
    expect(await logged()).toEqual([{ query: 'granite quarry works' }]);
  });

  it('ranks shared suggestions the same way, only past AUTOCOMPLETE_MIN_ACCOUNTS accounts', async () => {
    const [a, b, observer] = [(await h.t.customer(500)).key, (await h.t.customer(500)).key, (await h.t.customer(500)).key];
    expect(await search(a, 'marble granite')).toBeGreaterThan(0);
    expect(await suggest(observer, 'marble')).toEqual([]);
    expect(await search(b, 'Marble  Granite')).toBeGreaterThan(0);
    expect(await search(a, 'marble countertops')).toBeGreaterThan(0);
    expect(await search(b, 'marble countertops')).toBeGreaterThan(0);
    expect(await search(b, 'marble countertops')).toBeGreaterThan(0);
    expect(await suggest(observer, 'marble')).toEqual(['marble countertops', 'marble granite']);
    // Operator queries stay out even when every account searched them.
    for (const apiKey of [a, b]) await search(apiKey, 'marble -granite');
    expect(await suggest(observer, 'marble')).not.toContain('marble -granite');
  });
});

describe('migration 0011 and the existing query logs', () => {
  it('ranks logged queries by their count and last search, and forgets operator queries of the history', async () => {
    await withDatabaseAt('0010-crawl-jobs', async (handle) => {
      const now = Date.UTC(2026, 2, 1);
      const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
      for (const [query, searches, daysAgo] of [
        ['quartz old favourite', 40, 400],
        ['quartz lately', 6, 1],
        ['quartz once', 1, 0],
      ] as const) {
        await sql`INSERT INTO search_query_log (query_key, query, searches, last_searched, accounts) VALUES (${query}, ${query}, ${searches}, ${at(daysAgo)}, 9)`.execute(
          handle.db,
        );
      }
      const user = await sql<{
        id: number;
      }>`INSERT INTO users (email, password_hash, date_joined) VALUES ('mig@example.com', 'x', ${at(0)}) RETURNING id`.execute(handle.db);
      const account = Number(user.rows[0]?.id);
      for (const query of ['quartz site:example.org', 'quartz -granite', 'quartz veins']) {
        const key = foldText(query);
        await sql`INSERT INTO search_query_history (account_id, query_key, query, searches, last_searched) VALUES (${account}, ${key}, ${query}, 3, ${at(0)})`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle);
      const store = createIndexStore(handle.db, handle.dialect, { autocompleteMinAccounts: 2 });
      expect(await store.suggest('quartz', 10)).toEqual(['quartz lately', 'quartz once', 'quartz old favourite']);
      expect(await store.suggest('quartz', 10, account)).toEqual(['quartz veins', 'quartz lately', 'quartz once', 'quartz old favourite']);
    });
  });
});
