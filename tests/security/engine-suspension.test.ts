/**
 * Issue 16, item 1: one account must not be able to suspend a shared engine for everyone. A query
 * of 300 exclusions used to exceed SQLite FTS5's expression depth; the error tripped the local
 * engine's circuit breaker and every account's searches failed with 502 for a while.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '../../src/local-index/local-engine.js';
import { createCircuitBreaker } from '../../src/search/breaker.js';
import { QueryRejectedError, type EngineRequest } from '../../src/search/engine.js';
import { callEngine } from '../../src/search/engine-call.js';
import { createEngineStats } from '../../src/search/engine-stats.js';
import { parseQuery } from '../../src/search/query.js';
import { MAX_QUERY_NEGATIONS } from '../../src/search/query-limits.js';
import { CORPUS } from '../support/index-corpus.js';
import { startSearchApp, type HttpClient, type SearchApp } from '../support/search-app.js';

const negations = (count: number) => Array.from({ length: count }, (_, i) => `-w${i}x`).join(' ');

describe('a query built to break the local index', () => {
  let h: SearchApp;
  let http: HttpClient;
  beforeAll(async () => {
    h = await startSearchApp({ SEARCH_CHAIN_WEB: 'local', SEARCH_CHAIN_NEWS: 'local' });
    await h.index(CORPUS, new Date(Date.now() - 60_000));
    http = await h.listen();
  });
  afterAll(async () => h?.close());

  it('is refused with a 400 naming the limit, charged nothing, and leaves local search up for every other account', async () => {
    const attacker = await h.t.customer(10);
    const query = `solar ${negations(300)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const combined = await http.post('/api/v1/search', attacker.key, { query, use_cache: false });
      expect(combined.status).toBe(400);
      expect(combined.body).toEqual({ query: [expect.stringContaining(`at most ${MAX_QUERY_NEGATIONS}`)] });
      const vertical = await http.post('/api/v1/news', attacker.key, { q: query, use_cache: false });
      expect(vertical.status).toBe(400);
      expect(vertical.body).toEqual({ q: [expect.stringContaining(`at most ${MAX_QUERY_NEGATIONS}`)] });
    }
    expect(await h.balance(attacker.id)).toBe(10);

    const victim = await h.t.customer(10);
    const res = await http.post('/api/v1/search', victim.key, { query: 'solar storm', use_cache: false });
    expect(res.status).toBe(200);
    expect(res.body.data?.web?.length).toBeGreaterThan(0);
    expect(res.body.failed_engines).toBeUndefined();
  });

  it('a query within the limit still excludes what it names', async () => {
    const c = await h.t.customer(10);
    const res = await http.post('/api/v1/search', c.key, { query: `solar ${negations(MAX_QUERY_NEGATIONS)}`, use_cache: false });
    expect(res.status).toBe(200);
    expect(res.body.data?.web?.length).toBeGreaterThan(0);
  });

  it("an engine refusing the query as the request's fault is never counted against its health", async () => {
    // Past the route's limit (as a future engine or a new limit might): the index refuses, the breaker stays closed.
    const engine = createLocalEngine(h.store);
    const slot = { engine, breaker: createCircuitBreaker(), stats: createEngineStats() };
    const request: EngineRequest = {
      vertical: 'web',
      query: parseQuery(`solar ${negations(300)}`),
      q: 'solar',
      num: 10,
      page: 1,
      country: 'us',
      window: { sortByDate: false },
      autocorrect: true,
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      // SQLite refuses the expression (QueryRejectedError); PostgreSQL may answer it: either way no failure.
      const outcome = await callEngine(slot, request, { clock: { now: () => Date.now() }, timeoutMs: 10_000 }).catch((error: unknown) => {
        expect(error).toBeInstanceOf(QueryRejectedError);
        return undefined;
      });
      if (outcome !== undefined) expect(outcome.ok).toBe(true);
    }
    expect(slot.breaker.snapshot(Date.now())).toMatchObject({ status: 'ok', consecutiveFailures: 0 });
    expect(slot.stats.snapshot().errorRate).toBe(0);
  });
});
