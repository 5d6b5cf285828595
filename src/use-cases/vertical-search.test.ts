import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveCombinedRequest } from '../search/requests.js';
import { PRICE, startSearchUseCases, type SearchUseCaseHarness } from '../../tests/support/search-use-cases.js';
import { createAutocompleteUseCase } from './autocomplete.js';
import { createVerticalSearchUseCase } from './vertical-search.js';

/* One vertical, and autocomplete, searched for a caller: typed results, one price per call. */
const searchFor = (query: string) => resolveCombinedRequest({ query }).search;
const PUBLISHED = new Date('2025-01-14T09:00:00.000Z');

let h: SearchUseCaseHarness;
let deps: ReturnType<SearchUseCaseHarness['deps']>;
beforeAll(async () => {
  h = await startSearchUseCases();
});
afterAll(async () => h.close());
beforeEach(() => {
  h.fake.program('searxng', {
    documents: { news: [{ title: 'Comet news', url: 'https://news.example.org/comet', description: 'A comet', publishedAt: PUBLISHED }] },
    suggestions: ['comet tonight', 'comet neowise'],
  });
  h.counted.length = 0;
  deps = h.deps();
});

describe('one vertical', () => {
  it('answers its items with their dates, charged one call, and counts the query', async () => {
    const caller = await h.caller(10);

    const served = await createVerticalSearchUseCase(deps).run(caller, { vertical: 'news', search: searchFor('comet') });

    expect(served.result.vertical).toBe('news');
    expect(served.result.items.map(({ item, publishedAt }) => [item.position, item.link, publishedAt])).toEqual([
      [1, 'https://news.example.org/comet', PUBLISHED],
    ]);
    expect([served.cost, served.charged, served.balance]).toEqual([PRICE.call, PRICE.call, 10 - PRICE.call]);
    expect(h.counted).toEqual(['comet']);
  });

  it('serves a repeated search from the cache', async () => {
    const caller = await h.caller(10);
    const vertical = createVerticalSearchUseCase(deps);
    const asked = { vertical: 'news' as const, search: searchFor('comet') };
    await vertical.run(caller, asked);

    const served = await vertical.run(caller, asked);

    expect(served.result.cached).toBe(true);
    expect(served.result.items[0]?.publishedAt).toEqual(PUBLISHED);
  });
});

describe('autocomplete', () => {
  it('answers suggestions for a prefix, charged one call, and counts no search', async () => {
    const caller = await h.caller(10);

    const served = await createAutocompleteUseCase(deps).run(caller, searchFor('comet'));

    expect(served.result.suggestions).toEqual(['comet tonight', 'comet neowise']);
    expect(served.result.engine).toBe('searxng');
    expect(served.charged).toBe(PRICE.call);
    expect(h.counted).toEqual([]);
  });
});
