/**
 * The search router: for each vertical, an ordered chain of engines. It walks the chain until an
 * engine answers (or, for blended verticals, asks them all at once and fuses the answers), then
 * post-filters what the answering engine could not apply, de-duplicates, ranks and trims.
 * Failing engines are suspended by a circuit breaker per engine.
 */
import { createCircuitBreaker, type BreakerOptions, type BreakerStatus } from './breaker.js';
import { systemClock, type Clock } from './clock.js';
import { setupOf, type EngineErrorKind, type EngineRequest, type SearchEngine } from './engine.js';
import { callEngine, suspendedAttempt, type CallOutcome, type EngineSlot } from './engine-call.js';
import { createEngineStats } from './engine-stats.js';
import { AllEnginesFailedError, SearchConfigurationError, SearchNotConfiguredError, type EngineAttempt } from './errors.js';
import { parseQuery } from './query.js';
import { rankedFrom, suggestionsFrom, type EngineAnswer, type RankedItem } from './results.js';
import type { ItemOf } from './shapes.js';
import { parseTbs, tbsWindow } from './tbs.js';
import type { ItemVertical, Vertical } from './verticals.js';

export interface SearchRouterOptions {
  /** Every engine the router may use; names must be unique. */
  readonly engines: readonly SearchEngine[];
  /** Engine names per vertical, in the order to try them. A vertical without a chain is not served. */
  readonly chains: Partial<Record<Vertical, readonly string[]>>;
  /** Verticals answered by all configured engines of their chain at once, fused by reciprocal rank. */
  readonly blend?: readonly Vertical[];
  readonly breaker?: BreakerOptions;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** How long one engine call may take before it counts as a `timeout` failure. Default 10 000 ms. */
  readonly engineTimeoutMs?: number;
  /** Number of recent calls per engine behind the health figures. Default 100. */
  readonly healthWindow?: number;
  /** Told once about every engine call that failed (for a warning in the log). */
  readonly onEngineFailure?: (vertical: Vertical, attempt: EngineAttempt) => void;
}

/** One search of one vertical, as validated by the request schemas. */
export interface RouterSearchRequest {
  readonly q: string;
  /** 1–100. */
  readonly num: number;
  /** Default 1. */
  readonly page?: number;
  /** Lower-case ISO 3166-1 alpha-2 code. Default "us". */
  readonly country?: string;
  readonly lang?: string;
  readonly location?: string;
  /** A `tbs` value; an invalid one throws `InvalidTbsError` (validate it first with `searchFieldErrors`). */
  readonly tbs?: string;
  /** Default true. */
  readonly autocorrect?: boolean;
  /** The account searching (see `EngineRequest.account`). */
  readonly account?: number;
}

interface OutcomeBase<V extends Vertical> {
  readonly vertical: V;
  /** The engine that answered, or the answering engines joined by "+" when blended ("a+b"). */
  readonly engine: string;
  /** Every engine of the chain and what happened to it, for logs. */
  readonly attempts: readonly EngineAttempt[];
  /** Engines of the chain that failed or were suspended, although the search was answered. */
  readonly failedEngines: readonly string[];
  /** What an answering engine searched instead of the query (its autocorrect), if it did. */
  readonly correctedQuery?: string;
  /**
   * When each item was published (`published[i]` for `items[i]`), when known; not part of any wire
   * shape: the items keep only the dates the engines gave, each surface renders the rest its own way.
   */
  readonly published?: readonly (Date | undefined)[];
}

export type SearchOutcome<V extends Vertical> = V extends ItemVertical
  ? OutcomeBase<V> & { readonly items: ItemOf<V>[] }
  : OutcomeBase<V> & { readonly suggestions: string[] };

export interface EngineHealth {
  readonly engine: string;
  readonly configured: boolean;
  readonly status: BreakerStatus;
  /** While suspended: when the next probe may go through. */
  readonly suspendedUntil?: Date;
  readonly consecutiveFailures: number;
  /** Calls in the recent window (see `healthWindow`). */
  readonly calls: number;
  readonly errorRate: number;
  readonly p50LatencyMs?: number;
  readonly p95LatencyMs?: number;
  readonly lastError?: { readonly kind: EngineErrorKind | 'internal'; readonly message: string; readonly at: Date };
}

export interface SearchRouter {
  /**
   * Searches one vertical. Resolves with 1-based positions, at most `num` items (an empty list when
   * nothing matched). Rejects with `AllEnginesFailedError` when every engine of the chain failed or
   * is suspended, `SearchNotConfiguredError` when none is configured, `InvalidTbsError` for a bad
   * `tbs`, and with the signal's reason when `signal` aborts.
   */
  search<V extends Vertical>(vertical: V, request: RouterSearchRequest, signal?: AbortSignal): Promise<SearchOutcome<V>>;
  /** One entry per engine, in registration order. */
  health(): EngineHealth[];
  /** The engines of the vertical's chain, in the order they are tried (empty when it has no chain). */
  chain(vertical: Vertical): readonly SearchEngine[];
}

type InternalOutcome = (OutcomeBase<Vertical> & { readonly items: RankedItem[] }) | (OutcomeBase<Vertical> & { readonly suggestions: string[] });

function validateOptions(options: SearchRouterOptions): void {
  const names = new Set<string>();
  for (const engine of options.engines) {
    if (names.has(engine.name)) throw new SearchConfigurationError(`Two engines are named "${engine.name}".`);
    names.add(engine.name);
  }
  for (const [vertical, chain] of Object.entries(options.chains)) {
    if (new Set(chain).size !== chain.length) {
      throw new SearchConfigurationError(`The ${vertical} chain names an engine twice.`);
    }
    for (const name of chain) {
      const engine = options.engines.find((candidate) => candidate.name === name);
      if (!engine) throw new SearchConfigurationError(`The ${vertical} chain names an unknown engine "${name}".`);
      if (!engine.verticals.some((supported) => supported === vertical)) {
        throw new SearchConfigurationError(`Engine "${name}" does not serve ${vertical}.`);
      }
    }
  }
  if (options.engineTimeoutMs !== undefined && !(options.engineTimeoutMs > 0)) {
    throw new SearchConfigurationError('engineTimeoutMs must be positive.');
  }
}

export function createSearchRouter(options: SearchRouterOptions): SearchRouter {
  validateOptions(options);
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.engineTimeoutMs ?? 10_000;
  const blended = new Set(options.blend ?? []);
  const slots = new Map<string, EngineSlot>(
    options.engines.map((engine) => [engine.name, { engine, breaker: createCircuitBreaker(options.breaker), stats: createEngineStats(options.healthWindow) }]),
  );
  const chainOf = (vertical: Vertical): EngineSlot[] =>
    (options.chains[vertical] ?? []).flatMap((name) => {
      const slot = slots.get(name);
      return slot ? [slot] : [];
    });

  const settings = { clock, timeoutMs };
  const call = (slot: EngineSlot, request: EngineRequest, signal?: AbortSignal) => callEngine(slot, request, settings, signal);
  const suspended = (slot: EngineSlot) => suspendedAttempt(slot, clock.now());

  /**
   * The outcome of a search, or `AllEnginesFailedError` when the answer is only a fallback's empty
   * list after other engines failed (an empty local index is no substitute for a failed upstream).
   * Every failure is reported once to `onEngineFailure`.
   */
  function answer(vertical: Vertical, answers: readonly EngineAnswer[], attempts: readonly EngineAttempt[], request: EngineRequest): InternalOutcome {
    const failed = attempts.filter((attempt) => attempt.outcome === 'failed' || attempt.outcome === 'suspended');
    for (const attempt of failed) if (attempt.outcome === 'failed') options.onEngineFailure?.(vertical, attempt);
    const failedEngines = failed.map((attempt) => attempt.engine);
    const engine = answers.map((answered) => answered.engine.name).join('+');
    const correctedQuery = answers.map(({ result }) => ('correctedQuery' in result ? result.correctedQuery : undefined)).find((q) => q !== undefined);
    const corrected = correctedQuery === undefined ? {} : { correctedQuery };
    const outcome: InternalOutcome =
      vertical === 'autocomplete'
        ? { vertical, engine, attempts, failedEngines, suggestions: suggestionsFrom(answers, request.num) }
        : { vertical, engine, attempts, failedEngines, ...corrected, ...rankedFrom(vertical, answers, request) };
    const empty = 'items' in outcome ? outcome.items.length === 0 : outcome.suggestions.length === 0;
    if (empty && failed.length > 0 && answers.every((answered) => answered.engine.fallback === true)) {
      throw new AllEnginesFailedError(vertical, attempts);
    }
    return outcome;
  }

  function failure(vertical: Vertical, attempts: readonly EngineAttempt[]): Error {
    if (attempts.every((attempt) => attempt.outcome === 'not_configured'))
      return new SearchNotConfiguredError(vertical, setupOf(chainOf(vertical).map((slot) => slot.engine)));
    for (const attempt of attempts) if (attempt.outcome === 'failed') options.onEngineFailure?.(vertical, attempt);
    return new AllEnginesFailedError(vertical, attempts);
  }

  async function walkChain(vertical: Vertical, chain: readonly EngineSlot[], request: EngineRequest, signal?: AbortSignal): Promise<InternalOutcome> {
    const attempts: EngineAttempt[] = [];
    for (const slot of chain) {
      if (!slot.engine.configured) {
        attempts.push({ engine: slot.engine.name, outcome: 'not_configured' });
        continue;
      }
      if (!slot.breaker.tryAcquire(clock.now())) {
        attempts.push(suspended(slot));
        continue;
      }
      const outcome = await call(slot, request, signal);
      attempts.push(outcome.attempt);
      if (outcome.ok) return answer(vertical, [{ engine: slot.engine, result: outcome.result }], attempts, request);
    }
    throw failure(vertical, attempts);
  }

  async function blend(vertical: Vertical, chain: readonly EngineSlot[], request: EngineRequest, signal?: AbortSignal): Promise<InternalOutcome> {
    const pending = chain.map((slot): EngineAttempt | Promise<CallOutcome> => {
      if (!slot.engine.configured) return { engine: slot.engine.name, outcome: 'not_configured' };
      if (!slot.breaker.tryAcquire(clock.now())) return suspended(slot);
      return call(slot, request, signal);
    });
    const settled = await Promise.all(pending);
    const attempts = settled.map((entry) => ('ok' in entry ? entry.attempt : entry));
    const answers = chain.flatMap((slot, index): EngineAnswer[] => {
      const entry = settled[index];
      return entry !== undefined && 'ok' in entry && entry.ok ? [{ engine: slot.engine, result: entry.result }] : [];
    });
    if (answers.length === 0) throw failure(vertical, attempts);
    return answer(vertical, answers, attempts, request);
  }

  return {
    async search<V extends Vertical>(vertical: V, request: RouterSearchRequest, signal?: AbortSignal) {
      signal?.throwIfAborted();
      const tbs = request.tbs === undefined ? undefined : parseTbs(request.tbs);
      const engineRequest: EngineRequest = {
        vertical,
        query: parseQuery(request.q),
        q: request.q,
        num: request.num,
        page: request.page ?? 1,
        country: request.country ?? 'us',
        ...(request.lang === undefined ? {} : { lang: request.lang }),
        ...(request.location === undefined ? {} : { location: request.location }),
        ...(tbs === undefined ? {} : { tbs }),
        window: tbsWindow(tbs, new Date(clock.now())),
        autocorrect: request.autocorrect ?? true,
        ...(request.account === undefined ? {} : { account: request.account }),
      };
      const chain = chainOf(vertical);
      const outcome = blended.has(vertical) ? await blend(vertical, chain, engineRequest, signal) : await walkChain(vertical, chain, engineRequest, signal);
      // Every engine result was checked to be of `vertical` (see `call`), so the items are ItemOf<V>.
      return outcome as SearchOutcome<V>;
    },

    chain(vertical) {
      return chainOf(vertical).map((slot) => slot.engine);
    },

    health() {
      const now = clock.now();
      return [...slots.values()].map(({ engine, breaker, stats, lastError }) => {
        const state = breaker.snapshot(now);
        return {
          engine: engine.name,
          configured: engine.configured,
          status: state.status,
          ...(state.suspendedUntil === undefined ? {} : { suspendedUntil: new Date(state.suspendedUntil) }),
          consecutiveFailures: state.consecutiveFailures,
          ...stats.snapshot(),
          ...(lastError === undefined ? {} : { lastError }),
        };
      });
    },
  };
}
