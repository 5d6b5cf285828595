import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveCombinedRequest } from '../search/requests.js';
import { AllEnginesFailedError } from '../search/errors.js';
import { PRICE, startSearchUseCases, type SearchUseCaseHarness } from '../../tests/support/search-use-cases.js';
import { combinedSearchCache, createCombinedSearchUseCase, type CombinedSearchInput } from './combined-search.js';
import { itemsOf } from './search-results.js';
import { cacheReply } from './cache-reply.js';

/*
 * The combined search as an operation: a caller, a resolved request, a typed result and its cost,
 * metered on the real ledger; no HTTP anywhere.
 */
const PUBLISHED = new Date('2025-01-13T08:30:00.000Z');

let h: SearchUseCaseHarness;
let deps: ReturnType<SearchUseCaseHarness['deps']>;
beforeAll(async () => {
  h = await startSearchUseCases();
});
afterAll(async () => h.close());
beforeEach(() => {
  h.fake.program('searxng', {
    documents: {
      web: [
        { title: 'Aurora forecast', url: 'https://example.org/aurora', description: 'Tonight’s aurora' },
        { title: 'Aurora photos', url: 'https://example.org/photos', description: 'Aurora pictures' },
      ],
      news: [{ title: 'Aurora seen far south', url: 'https://news.example.org/aurora', description: 'A rare aurora', publishedAt: PUBLISHED }],
    },
  });
  h.counted.length = 0;
  deps = h.deps();
});

const input = (query: string, sources: string[] = ['web', 'news'], more: Record<string, unknown> = {}): CombinedSearchInput =>
  resolveCombinedRequest({ query, sources: sources as never, ...more });

describe('the combined search', () => {
  it('answers every source with numbered items and true publication dates, charged one price per source', async () => {
    const search = createCombinedSearchUseCase(deps);
    const caller = await h.caller(10);

    const served = await search.run(caller, input('aurora'));

    expect(served.result.cached).toBe(false);
    expect(served.result.sources.map((source) => [source.vertical, source.engine])).toEqual([
      ['web', 'searxng'],
      ['news', 'searxng'],
    ]);
    expect(itemsOf(served.result.sources, 'web').map(({ item }) => [item.position, item.url])).toEqual([
      [1, 'https://example.org/aurora'],
      [2, 'https://example.org/photos'],
    ]);
    const [news] = itemsOf(served.result.sources, 'news');
    expect(news?.item.link).toBe('https://news.example.org/aurora');
    expect(news?.publishedAt).toEqual(PUBLISHED);
    expect([served.cost, served.charged, served.balance]).toEqual([2 * PRICE.source, 2 * PRICE.source, 10 - 2 * PRICE.source]);
    expect(h.counted).toEqual(['aurora']);
  });

  it('serves the same search again from the cache, dates still dates, without asking the engines', async () => {
    const search = createCombinedSearchUseCase(deps);
    const caller = await h.caller(10);
    await search.run(caller, input('aurora'));
    const upstreamCalls = h.fake.requestsTo('searxng').length;

    const served = await search.run(caller, input('aurora'));

    expect(served.result.cached).toBe(true);
    expect(h.fake.requestsTo('searxng')).toHaveLength(upstreamCalls);
    expect(itemsOf(served.result.sources, 'news')[0]?.publishedAt).toEqual(PUBLISHED);
    expect(served.charged).toBe(2 * PRICE.source);
    expect(await h.balance(caller)).toBe(10 - 4 * PRICE.source);
  });

  it('names the engines that failed while another answered', async () => {
    h.fake.program('brave', { documents: { web: [{ title: 'Aurora from Brave', url: 'https://brave.example.org/aurora' }] } });
    h.fake.fail('searxng', { status: 503 });
    const search = createCombinedSearchUseCase(deps);

    const served = await search.run(await h.caller(10), input('aurora', ['web'], { use_cache: false }));

    expect(served.result.sources[0]?.engine).toBe('brave');
    expect(served.result.failedEngines).toEqual(['searxng']);
  });

  it('charges nothing and counts nothing when every engine of a source fails', async () => {
    h.fake.fail('searxng', { status: 503 });
    const search = createCombinedSearchUseCase(deps);
    const caller = await h.caller(10);

    await expect(search.run(caller, input('aurora', ['news']))).rejects.toBeInstanceOf(AllEnginesFailedError);

    expect(await h.balance(caller)).toBe(10);
    expect(h.counted).toEqual([]);
  });

  it('searches afresh rather than misread what an older release stored under the same key', async () => {
    const search = createCombinedSearchUseCase(deps);
    const caller = await h.caller(10);
    const asked = input('aurora', ['web']);
    const cache = combinedSearchCache(asked.sources, asked.search, caller.accountId, 60);
    await deps.cached(cacheReply, { ...cache, signal: new AbortController().signal }, async () => ({ success: true, data: { web: [] } }));

    const served = await search.run(caller, asked);

    expect(served.result.cached).toBe(false);
    expect(itemsOf(served.result.sources, 'web')).toHaveLength(2);
  });

  it('meters under the surface’s own ledger endpoint (one hold, settled)', async () => {
    const search = createCombinedSearchUseCase(deps);
    const caller = await h.caller(10);

    await search.run(caller, input('aurora'), { endpoint: 'firecrawl/search' });

    const entries = await h.app.quarry.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount', 'endpoint'])
      .where('user_id', '=', caller.accountId)
      .where('kind', '!=', 'grant')
      .execute();
    expect(entries.map((entry) => entry.endpoint)).toEqual(['firecrawl/search', 'firecrawl/search', 'firecrawl/search']);
    expect(await h.balance(caller)).toBe(10 - 2 * PRICE.source);
  });
});
