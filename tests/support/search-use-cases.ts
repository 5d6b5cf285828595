/**
 * The search use cases over real parts: a router with the real SearXNG and Brave adapters talking
 * HTTP to the loopback fake upstreams, a real result cache, and `metered` over the real ledger of
 * a test app (SQLite, or PostgreSQL when the suite runs against it). Searched queries are counted
 * into `counted`.
 */
import { createCachedRunner } from '../../src/cache/cached.js';
import { createMemoryCache } from '../../src/cache/memory.js';
import { metered, type Caller } from '../../src/credits/metered.js';
import { createBraveEngine } from '../../src/search/engines/brave.js';
import { createSearxngEngine } from '../../src/search/engines/searxng.js';
import { createSearchRouter } from '../../src/search/router.js';
import { createSearchService } from '../../src/search/search-service.js';
import type { Meter } from '../../src/use-cases/search-metered.js';
import { startTestApp, type TestApp } from './app.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from './fake-search-upstreams.js';
import { createManualClock } from './manual-clock.js';

export const PRICE = { source: 2, call: 3 };

export interface SearchUseCaseHarness {
  readonly fake: FakeSearchUpstreams;
  readonly app: TestApp;
  /** What the use cases are made of (spread into their deps): a fresh router (breakers closed) and an empty cache. */
  deps(): ReturnType<typeof depsOf>;
  /** Queries counted for autocomplete, in order. */
  readonly counted: string[];
  /** A caller for a fresh account holding `credits`. */
  caller(credits: number): Promise<Caller>;
  balance(caller: Caller): Promise<number>;
  close(): Promise<void>;
}

function depsOf(app: TestApp, fake: FakeSearchUpstreams, counted: string[]) {
  const rate = { limit: 1000, periodSeconds: 1 };
  const engines = [
    createSearxngEngine({ baseUrl: fake.baseUrl('searxng'), userAgent: 'QuarryTest/1.0', rate }),
    createBraveEngine({ baseUrl: fake.baseUrl('brave'), apiKey: 'brave-key', userAgent: 'QuarryTest/1.0', rate }),
  ];
  const clock = createManualClock();
  const router = createSearchRouter({ engines, chains: { web: ['searxng', 'brave'], news: ['searxng'], autocomplete: ['searxng'] }, clock });
  const service = createSearchService({ router, queryLog: { recordQuery: (query) => counted.push(query) }, now: () => new Date(clock.now()) });
  const ledger = app.quarry.services.ledger;
  const meter: Meter = (caller, endpoint, maxCost, work, known) => metered({ ledger, holdTtlSeconds: 60 }, caller, endpoint, maxCost, work, known);
  return {
    service,
    meter,
    cached: createCachedRunner(createMemoryCache(1 << 20)),
    cacheTtlSeconds: 60,
    cacheHitCharge: 'full' as const,
    priceSource: PRICE.source,
    priceCall: PRICE.call,
  };
}

export async function startSearchUseCases(): Promise<SearchUseCaseHarness> {
  const fake = await startFakeSearchUpstreams();
  const app = await startTestApp();
  const counted: string[] = [];
  let requests = 0;
  return {
    fake,
    app,
    counted,
    deps: () => depsOf(app, fake, counted),
    async caller(credits) {
      const customer = await app.customer(credits);
      return { accountId: customer.id, keyId: customer.keyId, requestId: `use-case-${++requests}`, signal: new AbortController().signal };
    },
    balance: (caller) => app.quarry.services.ledger.balance(caller.accountId),
    async close() {
      await app.close();
      await fake.close();
    },
  };
}
