/**
 * A small search engine over an in-memory corpus, implementing the real engine contract, for
 * tests of the router and of anything built on it. It behaves like a plain full-text engine:
 * every positive word must occur; the query features it is told it supports are applied, the
 * others are ignored (so the router's post-filtering is exercised); it can be told to fail, hang
 * or take time.
 */
import { systemClock, type Clock } from '../../src/search/clock.js';
import {
  EngineError,
  type EngineHit,
  type EngineRequest,
  type EngineResult,
  type RecencySupport,
  type SearchEngine,
} from '../../src/search/engine.js';
import { itemDocument, type AnyEngineHit } from '../../src/search/item-view.js';
import {
  ALL_QUERY_FEATURES,
  isNativelySupported,
  matchesQuery,
  type ParsedQuery,
  type QueryFeature,
} from '../../src/search/query.js';
import { foldedWords } from '../../src/search/query-match.js';
import type { RecencyUnit, TimeWindow } from '../../src/search/tbs.js';
import { newestFirst, withinWindow } from '../../src/search/time-filter.js';
import { VERTICALS, type ItemVertical, type Vertical } from '../../src/search/verticals.js';

export type MemoryCorpus = { readonly [V in ItemVertical]?: readonly EngineHit<V>[] } & {
  readonly autocomplete?: readonly string[];
};

export interface MemoryEngineOptions {
  readonly name: string;
  readonly corpus?: MemoryCorpus;
  /** Default: the verticals present in the corpus. */
  readonly verticals?: readonly Vertical[];
  /** Default: every feature. */
  readonly operators?: Iterable<QueryFeature>;
  /** Default 'exact'. With a unit list, other windows are widened to the next listed unit, as SearXNG does. */
  readonly recency?: RecencySupport;
  /** Default true. */
  readonly sortsByDate?: boolean;
  /** Default true. */
  readonly configured?: boolean;
  /** Used to widen windows; default the system clock. */
  readonly clock?: Clock;
}

export interface MemoryEngine extends SearchEngine {
  configured: boolean;
  /** Every request received, in order. */
  readonly calls: EngineRequest[];
  /** The next `times` calls (default: all) reject with what `error` makes of the request. */
  failWith(error: (request: EngineRequest) => unknown, times?: number): void;
  /** The next calls never answer; they reject with the abort reason when their signal aborts. */
  hang(): void;
  /** The next calls resolve with whatever `answer` returns, e.g. a result of the wrong vertical. */
  respondWith(answer: (request: EngineRequest) => EngineResult): void;
  /** Runs before each answer, e.g. to advance a manual clock and so simulate latency. */
  beforeAnswer(hook: (request: EngineRequest) => void | Promise<void>): void;
  /** Back to answering normally. */
  recover(): void;
}

const UNIT_MS: Readonly<Record<RecencyUnit, number>> = {
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  m: 31 * 86_400_000,
  y: 366 * 86_400_000,
};

function matchesWords(query: ParsedQuery, hit: AnyEngineHit, vertical: ItemVertical): boolean {
  const doc = itemDocument(vertical, hit.item);
  const words = new Set(foldedWords(`${doc.title} ${doc.text} ${doc.url}`));
  return query.clauses.every(
    (clause) =>
      clause.kind !== 'term' || clause.negated || foldedWords(clause.value).every((word) => words.has(word)),
  );
}

export function createMemoryEngine(options: MemoryEngineOptions): MemoryEngine {
  const corpus = options.corpus ?? {};
  const operators: ReadonlySet<QueryFeature> = new Set(options.operators ?? ALL_QUERY_FEATURES);
  const recency = options.recency ?? 'exact';
  const sortsByDate = options.sortsByDate ?? true;
  const clock = options.clock ?? systemClock;
  let failure: { make: (request: EngineRequest) => unknown; remaining: number } | undefined;
  let hanging = false;
  let hook: ((request: EngineRequest) => void | Promise<void>) | undefined;
  let scripted: ((request: EngineRequest) => EngineResult) | undefined;

  /** The window this engine actually applies: exact, widened to a listed unit, or none. */
  const appliedWindow = (request: EngineRequest): TimeWindow | undefined => {
    if (recency === 'exact') return request.window;
    const recent = request.tbs?.recent;
    if (recency === 'none' || recent === undefined) return undefined;
    const wanted = UNIT_MS[recent.unit] * recent.count;
    const unit = [...recency].sort((a, b) => UNIT_MS[a] - UNIT_MS[b]).find((candidate) => UNIT_MS[candidate] >= wanted);
    return unit === undefined ? undefined : { since: new Date(clock.now() - UNIT_MS[unit]), sortByDate: false };
  };

  const searchItems = (vertical: ItemVertical, request: EngineRequest): AnyEngineHit[] => {
    const hits: readonly AnyEngineHit[] = corpus[vertical] ?? [];
    const native: ParsedQuery = {
      clauses: request.query.clauses.filter((clause) => isNativelySupported(clause, operators)),
    };
    const window = appliedWindow(request);
    let found = hits.filter(
      (hit) =>
        matchesWords(request.query, hit, vertical) &&
        matchesQuery(native, itemDocument(vertical, hit.item)) &&
        (window === undefined || withinWindow(hit.publishedAt, window)),
    );
    if (sortsByDate && request.window.sortByDate) found = newestFirst(found);
    const start = (request.page - 1) * request.num;
    return found.slice(start, start + request.num);
  };

  const engine: MemoryEngine = {
    name: options.name,
    verticals: options.verticals ?? VERTICALS.filter((vertical) => corpus[vertical] !== undefined),
    operators,
    recency,
    sortsByDate,
    configured: options.configured ?? true,
    calls: [],

    async search(request: EngineRequest, signal: AbortSignal): Promise<EngineResult> {
      engine.calls.push(request);
      if (failure && failure.remaining > 0) {
        failure.remaining--;
        throw failure.make(request);
      }
      if (hanging) {
        await new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      await hook?.(request);
      signal.throwIfAborted();
      if (scripted) return scripted(request);
      const { vertical } = request;
      if (vertical === 'autocomplete') {
        const prefix = request.q.trim().toLowerCase();
        const suggestions = (corpus.autocomplete ?? []).filter((s) => s.toLowerCase().startsWith(prefix));
        return { vertical, suggestions: suggestions.slice(0, request.num) };
      }
      if (!engine.verticals.includes(vertical)) {
        throw new EngineError(engine.name, 'bad_response', `${engine.name} does not serve ${vertical}`);
      }
      // The corpus is keyed by vertical, so its hits are of the requested vertical.
      return { vertical, hits: searchItems(vertical, request) } as EngineResult;
    },

    failWith(make, times = Number.POSITIVE_INFINITY) {
      failure = { make, remaining: times };
    },
    hang() {
      hanging = true;
    },
    beforeAnswer(next) {
      hook = next;
    },
    respondWith(answer) {
      scripted = answer;
    },
    recover() {
      failure = undefined;
      hanging = false;
      scripted = undefined;
    },
  };
  return engine;
}

/** Shorthand for a typed failure of this engine. */
export function engineFailure(
  kind: EngineError['kind'],
  options: { retryAfterSeconds?: number } = {},
): (request: EngineRequest) => EngineError {
  return () => new EngineError('memory', kind, `simulated ${kind}`, options);
}
