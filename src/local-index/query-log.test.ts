/**
 * Issue 13: a search, even one answered from the cache, used to wait for two upserts of the
 * autocomplete log. Searches are now counted in memory and written together about once a second;
 * these tests check that the written log is what one upsert per search would have made.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { INDEX_TEST_DIALECTS, openIndexTestDatabase, type IndexTestDatabase } from '../../tests/support/index-databases.js';
import { createQueryLogStore, QUERY_LOG_FLUSH_MS, searchRank } from './query-log.js';

const HOUR = 3600 * 1000;
const T0 = Date.UTC(2026, 5, 1, 8);

describe.each(INDEX_TEST_DIALECTS)('the autocomplete log on %s', (dialect) => {
  let database: IndexTestDatabase;
  let handle: DatabaseHandle;
  let users = 0;
  beforeAll(async () => {
    database = await openIndexTestDatabase(dialect);
    handle = database.handle;
  });
  afterAll(async () => database?.close());

  const account = async () => {
    const row = await handle.db
      .insertInto('users')
      .values({ email: `log-${++users}@example.com`, password_hash: 'x', is_active: 1, date_joined: new Date(T0).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const history = (id: number, key: string) =>
    handle.db.selectFrom('search_query_history').selectAll().where('account_id', '=', id).where('query_key', '=', key).executeTakeFirst();
  const shared = (key: string) => handle.db.selectFrom('search_query_log').selectAll().where('query_key', '=', key).executeTakeFirst();

  it('writes nothing while it counts, then what one upsert per search would have written', async () => {
    const [batched, oneByOne] = [createQueryLogStore(handle.db, dialect, { minAccounts: 1 }), createQueryLogStore(handle.db, dialect, { minAccounts: 1 })];
    const [a, b] = [await account(), await account()];
    const typed = ['granite tours', 'Granite  Tours', 'GRANITE TOURS'];
    typed.forEach((query, i) => batched.record(query, new Date(T0 + i * HOUR), a));
    expect(await history(a, 'granite tours')).toBeUndefined();
    await batched.flush();
    for (const [i, query] of typed.entries()) {
      oneByOne.record(query, new Date(T0 + i * HOUR), b);
      await oneByOne.flush();
    }

    const [written, reference] = [await history(a, 'granite tours'), await history(b, 'granite tours')];
    expect(written).toMatchObject({ query: 'GRANITE TOURS', searches: reference!.searches, last_searched: new Date(T0 + 2 * HOUR).toISOString() });
    expect(Number(written!.searches)).toBe(3);
    expect(written!.rank).toBeCloseTo(reference!.rank, 9);
    // The weights of three searches an hour apart, in the rows' log form.
    const expected =
      Math.log(typed.reduce((sum, _q, i) => sum + Math.exp(searchRank(new Date(T0 + i * HOUR)) - searchRank(new Date(T0))), 0)) + searchRank(new Date(T0));
    expect(written!.rank).toBeCloseTo(expected, 9);
    // Both accounts searched it: two accounts, six searches in the shared log.
    expect(await shared('granite tours')).toMatchObject({ accounts: 2, searches: 6 });
  });

  it('counts an account once in the shared log, in one write or across several', async () => {
    const log = createQueryLogStore(handle.db, dialect, { minAccounts: 1 });
    const [a, b] = [await account(), await account()];
    for (let i = 0; i < 3; i++) log.record('marble quarry', new Date(T0 + i), a);
    await log.flush();
    log.record('marble quarry', new Date(T0 + 10), a);
    log.record('marble quarry', new Date(T0 + 11), b);
    log.record('marble quarry', new Date(T0 + 12), b);
    await log.flush();
    expect(await shared('marble quarry')).toMatchObject({ accounts: 2, searches: 6 });
    expect(Number((await history(a, 'marble quarry'))!.searches)).toBe(4);
  });

  it('suggests what it counted before writing it, and writes on its own within a second', async () => {
    const log = createQueryLogStore(handle.db, dialect, { minAccounts: 1 });
    const a = await account();
    log.record('basalt columns', new Date(T0), a);
    expect(await log.underPrefix('basalt', 5, a)).toEqual(['basalt columns', 'basalt columns']);
    log.record('basalt cliffs', new Date(T0), a);
    await expect.poll(() => history(a, 'basalt cliffs'), { timeout: QUERY_LOG_FLUSH_MS * 3, interval: 100 }).toBeDefined();
  });

  it('keeps the counts of the other queries when one cannot be written, and says so', async () => {
    const errors: unknown[] = [];
    const log = createQueryLogStore(handle.db, dialect, { minAccounts: 1, onError: (error) => errors.push(error) });
    const a = await account();
    const gone = await account();
    await sql`DELETE FROM users WHERE id = ${gone}`.execute(handle.db);
    log.record('slate roofs', new Date(T0), a);
    log.record('slate roofs', new Date(T0), gone);
    log.record('slate tiles', new Date(T0), a);
    await log.flush();
    expect(errors).toHaveLength(1);
    expect(Number((await history(a, 'slate roofs'))!.searches)).toBe(1);
    expect(await history(a, 'slate tiles')).toBeDefined();
    expect(await shared('slate roofs')).toMatchObject({ accounts: 1, searches: 1 });
  });

  it('writes a large batch in pieces, and two instances writing the same queries at once both count', async () => {
    const errors: unknown[] = [];
    const instances = [0, 1].map(() => createQueryLogStore(handle.db, dialect, { minAccounts: 1, onError: (error) => errors.push(error) }));
    const [a, b] = [await account(), await account()];
    const queries = Array.from({ length: 130 }, (_, i) => `pumice grade ${String(i).padStart(3, '0')}`);
    // In opposite orders; each write orders its upserts, so concurrent writers wait for each other.
    for (const id of [a, b]) for (const query of queries) instances[0]!.record(query, new Date(T0), id);
    for (const id of [b, a]) for (const query of [...queries].reverse()) instances[1]!.record(query, new Date(T0), id);
    await Promise.all(instances.map((log) => log.flush()));
    expect(errors).toEqual([]);
    const rows = await handle.db.selectFrom('search_query_log').select(['searches', 'accounts']).where('query_key', 'like', 'pumice grade %').execute();
    expect(rows).toHaveLength(130);
    for (const row of rows) expect({ searches: Number(row.searches), accounts: Number(row.accounts) }).toEqual({ searches: 4, accounts: 2 });
  });

  it('ignores blank queries and queries with operators, as before', async () => {
    const log = createQueryLogStore(handle.db, dialect, { minAccounts: 1 });
    const a = await account();
    for (const query of ['   ', 'slate -roof', 'site:example.org slate']) log.record(query, new Date(T0), a);
    await log.flush();
    const rows = await handle.db.selectFrom('search_query_history').select('query').where('account_id', '=', a).execute();
    expect(rows).toEqual([]);
  });
});
