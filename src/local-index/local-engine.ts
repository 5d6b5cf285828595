/** Quarry's own index as a search engine of the router: every vertical, every operator, exact time windows. */
import { ALL_QUERY_FEATURES } from '../search/query.js';
import { EngineError, type EngineResult, type SearchEngine } from '../search/engine.js';
import { VERTICALS } from '../search/verticals.js';
import { parseLocaleTag } from './locale.js';
import type { IndexStore } from './store.js';

export const LOCAL_ENGINE_NAME = 'local';

export function createLocalEngine(store: IndexStore): SearchEngine {
  return {
    name: LOCAL_ENGINE_NAME,
    verticals: VERTICALS,
    operators: ALL_QUERY_FEATURES,
    recency: 'exact',
    sortsByDate: true,
    // The index needs no key or address: an empty index answers "nothing found".
    configured: true,
    async search(request, signal): Promise<EngineResult> {
      signal.throwIfAborted();
      try {
        if (request.vertical === 'autocomplete') {
          return { vertical: 'autocomplete', suggestions: await store.suggest(request.q, request.num) };
        }
        const lang = parseLocaleTag(request.lang).lang;
        const hits = await store.search({
          vertical: request.vertical,
          query: request.query,
          num: request.num,
          page: request.page,
          window: request.window,
          country: request.country,
          ...(lang === undefined ? {} : { lang }),
        });
        // The store answers with items of the vertical it was asked for.
        return { vertical: request.vertical, hits } as EngineResult;
      } catch (error) {
        throw new EngineError(LOCAL_ENGINE_NAME, 'upstream', 'the local index could not be read', { cause: error });
      }
    },
  };
}
