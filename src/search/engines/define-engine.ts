/**
 * The frame every upstream adapter shares, written once: the engine's description for the router,
 * "not configured" and "not a vertical I serve" as `EngineError`s, and an answer the adapter could
 * not read (a parse error on an unexpected shape) as `bad_response` rather than an adapter crash.
 * Fetching, pacing and the per-request timeout are `UpstreamHttp`'s (see http.ts); an adapter then
 * only builds its request and maps fields.
 */
import { EngineError, QueryRejectedError, type EngineRequest, type EngineResult, type RecencySupport, type SearchEngine } from '../engine.js';
import type { QueryFeature } from '../query.js';
import type { Vertical } from '../verticals.js';

export interface EngineDefinition<V extends Vertical> {
  readonly name: string;
  readonly verticals: readonly V[];
  /** Query features applied natively (see `SearchEngine.operators`). Default: none. */
  readonly operators?: ReadonlySet<QueryFeature>;
  /** Default `'none'`. */
  readonly recency?: RecencySupport;
  /** Default false. */
  readonly sortsByDate?: boolean;
  /** Read before every call (settings may change at run time). */
  readonly configured: () => boolean;
  /** The `unauthorized` message when called unconfigured, e.g. "SERPER_API_KEY is not set". */
  readonly notConfigured?: string;
  /** One search of a vertical the engine serves; every failure an `EngineError`. */
  readonly search: (request: EngineRequest & { readonly vertical: V }, signal: AbortSignal) => Promise<EngineResult>;
}

export function defineEngine<V extends Vertical>(definition: EngineDefinition<V>): SearchEngine {
  const { name } = definition;
  const serves = (request: EngineRequest): request is EngineRequest & { readonly vertical: V } =>
    (definition.verticals as readonly Vertical[]).includes(request.vertical);
  return {
    name,
    verticals: definition.verticals,
    operators: definition.operators ?? new Set(),
    recency: definition.recency ?? 'none',
    sortsByDate: definition.sortsByDate ?? false,
    get configured() {
      return definition.configured();
    },
    async search(request, signal) {
      if (!definition.configured()) throw new EngineError(name, 'unauthorized', definition.notConfigured ?? 'not configured');
      if (!serves(request)) throw new EngineError(name, 'bad_response', `does not serve ${request.vertical}`);
      try {
        return await definition.search(request, signal);
      } catch (error) {
        if (error instanceof EngineError || error instanceof QueryRejectedError || signal.aborted) throw error;
        // The upstream answered something the mapping did not expect: its answer is bad, not our process.
        const reason = error instanceof Error ? error.message : String(error);
        throw new EngineError(name, 'bad_response', `answer could not be read: ${reason}`, { cause: error });
      }
    },
  };
}
