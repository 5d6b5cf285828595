/** Quarry's own index as a search engine of the router: every vertical, every operator, exact time windows. */
import { ALL_QUERY_FEATURES, type ParsedQuery, EngineError, QueryRejectedError, type EngineResult, type SearchEngine, VERTICALS } from '../search/index.js';
import { parseLocaleTag } from './locale.js';
import type { IndexPresence } from './presence.js';
import type { IndexStore } from './store.js';

export const LOCAL_ENGINE_NAME = 'local';

/**
 * Whether the database refused the full-text expression built from the query (FTS5's depth limit
 * or syntax, PostgreSQL's tsquery syntax or "statement too complex"): the request's fault, which
 * must not count against the index's health.
 */
function causedByQuery(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (code === '54001') return true;
  return /fts5:? (expression tree is too large|syntax error|parser stack overflow)|syntax error in tsquery|stack depth limit exceeded/i.test(error.message);
}

/** What fills the index, named when a vertical has no other engine and the index is empty. */
const LOCAL_ENGINE_SETUP = 'quarry crawl <url> (fills the local index)';

/**
 * `presence`, when given, tells whether the index holds any page: an empty index is no answer
 * source, so a search that only it could answer is refused (503) instead of charged for nothing.
 */
export function createLocalEngine(store: IndexStore, presence?: IndexPresence): SearchEngine {
  return {
    name: LOCAL_ENGINE_NAME,
    verticals: VERTICALS,
    operators: ALL_QUERY_FEATURES,
    recency: 'exact',
    sortsByDate: true,
    // The index needs no key or address: an empty index answers "nothing found".
    configured: true,
    // It holds only what was crawled, imported or scraped: no substitute for a failed upstream.
    fallback: true,
    setup: LOCAL_ENGINE_SETUP,
    ...(presence === undefined ? {} : { holdsAnswers: () => presence.holdsPages() }),
    async search(request, signal): Promise<EngineResult> {
      signal.throwIfAborted();
      try {
        if (request.vertical === 'autocomplete') {
          return { vertical: 'autocomplete', suggestions: await store.suggest(request.q, request.num, request.account) };
        }
        const { vertical } = request;
        const lang = parseLocaleTag(request.lang).lang;
        const search = (query: ParsedQuery) =>
          store.search({
            vertical,
            query,
            num: request.num,
            page: request.page,
            window: request.window,
            country: request.country,
            ...(lang === undefined ? {} : { lang }),
            ...(request.account === undefined ? {} : { account: request.account }),
          });
        const hits = await search(request.query);
        // Autocorrect: only a query that finds nothing at all is searched again, corrected.
        if (hits.length === 0 && request.autocorrect && request.page === 1) {
          const corrected = await store.correct(request.q, request.query, request.account);
          const found = corrected === undefined ? [] : await search(corrected.query);
          // The store answers with items of the vertical it was asked for.
          if (corrected !== undefined && found.length > 0) return { vertical, hits: found, correctedQuery: corrected.q } as EngineResult;
        }
        return { vertical, hits } as EngineResult;
      } catch (error) {
        if (causedByQuery(error)) throw new QueryRejectedError(LOCAL_ENGINE_NAME, 'The query is too complex for the local index.', { cause: error });
        throw new EngineError(LOCAL_ENGINE_NAME, 'upstream', 'the local index could not be read', { cause: error });
      }
    },
  };
}
