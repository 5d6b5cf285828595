/**
 * The search router: for each vertical, an ordered chain of engines. It walks the chain until an
 * engine answers (or, for blended verticals, asks them all at once and fuses the answers), then
 * post-filters what the answering engine could not apply, de-duplicates, ranks and trims.
 * Failing engines are suspended by a circuit breaker per engine.
 */
import { createCircuitBreaker, type BreakerOptions, type BreakerStatus, type CircuitBreaker } from './breaker.js';
import { systemClock, type Clock } from './clock.js';
import { EngineError, type EngineErrorKind, type EngineRequest, type EngineResult, type SearchEngine } from './engine.js';
import { createEngineStats, type EngineStats } from './engine-stats.js';
import { AllEnginesFailedError, SearchConfigurationError, SearchNotConfiguredError, type EngineAttempt } from './errors.js';
import { parseQuery } from './query.js';
import { itemsFrom, suggestionsFrom, type EngineAnswer, type RankedItem } from './results.js';
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
}

interface OutcomeBase<V extends Vertical> {
  readonly vertical: V;
  /** The engine that answered, or the answering engines joined by "+" when blended ("a+b"). */
  readonly engine: string;
  /** Every engine of the chain and what happened to it, for logs. */
  readonly attempts: readonly EngineAttempt[];
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
}

interface EngineSlot {
  readonly engine: SearchEngine;
  readonly breaker: CircuitBreaker;
  readonly stats: EngineStats;
  lastError?: { readonly kind: EngineErrorKind | 'internal'; readonly message: string; readonly at: Date };
}

type CallOutcome =
  | { readonly ok: true; readonly result: EngineResult; readonly attempt: EngineAttempt }
  | { readonly ok: false; readonly attempt: EngineAttempt };

type InternalOutcome =
  | (OutcomeBase<Vertical> & { readonly items: RankedItem[] })
  | (OutcomeBase<Vertical> & { readonly suggestions: string[] });

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
    options.engines.map((engine) => [
      engine.name,
      { engine, breaker: createCircuitBreaker(options.breaker), stats: createEngineStats(options.healthWindow) },
    ]),
  );
  const chainOf = (vertical: Vertical): EngineSlot[] =>
    (options.chains[vertical] ?? []).flatMap((name) => {
      const slot = slots.get(name);
      return slot ? [slot] : [];
    });

  /** Runs the engine under a deadline and the caller's signal, whichever ends first. */
  function runWithDeadline(engine: SearchEngine, request: EngineRequest, signal?: AbortSignal): Promise<EngineResult> {
    const controller = new AbortController();
    return new Promise<EngineResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        const timeout = new EngineError(engine.name, 'timeout', `no answer within ${timeoutMs} ms`);
        controller.abort(timeout);
        reject(timeout);
      }, timeoutMs);
      const onAbort = (): void => {
        controller.abort(signal?.reason);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      Promise.resolve()
        .then(() => engine.search(request, controller.signal))
        .then(
          (result) => {
            settle();
            resolve(result);
          },
          (error: unknown) => {
            settle();
            reject(error);
          },
        );
    });
  }

  async function call(slot: EngineSlot, request: EngineRequest, signal?: AbortSignal): Promise<CallOutcome> {
    const { engine } = slot;
    const started = clock.now();
    try {
      const result = await runWithDeadline(engine, request, signal);
      if (result.vertical !== request.vertical) {
        throw new EngineError(engine.name, 'bad_response', `answered ${result.vertical} to a ${request.vertical} search`);
      }
      const latencyMs = clock.now() - started;
      slot.breaker.recordSuccess();
      slot.stats.record(latencyMs, true);
      return { ok: true, result, attempt: { engine: engine.name, outcome: 'ok', latencyMs } };
    } catch (error) {
      if (signal?.aborted) {
        // The caller gave up: says nothing about the engine's health.
        slot.breaker.release();
        throw signal.reason;
      }
      const now = clock.now();
      const latencyMs = now - started;
      // A non-EngineError is an adapter bug; failing over keeps search up while the log shows it.
      const kind = error instanceof EngineError ? error.kind : 'internal';
      const message = error instanceof Error ? error.message : String(error);
      slot.breaker.recordFailure(kind, now, error instanceof EngineError ? error.retryAfterSeconds : undefined);
      slot.stats.record(latencyMs, false);
      slot.lastError = { kind, message, at: new Date(now) };
      return { ok: false, attempt: { engine: engine.name, outcome: 'failed', kind, message, latencyMs, error } };
    }
  }

  function suspendedAttempt(slot: EngineSlot): EngineAttempt {
    const { suspendedUntil } = slot.breaker.snapshot(clock.now());
    return {
      engine: slot.engine.name,
      outcome: 'suspended',
      ...(suspendedUntil === undefined ? {} : { suspendedUntil: new Date(suspendedUntil) }),
    };
  }

  function answer(
    vertical: Vertical,
    answers: readonly EngineAnswer[],
    attempts: readonly EngineAttempt[],
    request: EngineRequest,
  ): InternalOutcome {
    const engine = answers.map((answered) => answered.engine.name).join('+');
    return vertical === 'autocomplete'
      ? { vertical, engine, attempts, suggestions: suggestionsFrom(answers, request.num) }
      : { vertical, engine, attempts, items: itemsFrom(vertical, answers, request, new Date(clock.now())) };
  }

  async function walkChain(
    vertical: Vertical,
    chain: readonly EngineSlot[],
    request: EngineRequest,
    signal?: AbortSignal,
  ): Promise<InternalOutcome> {
    const attempts: EngineAttempt[] = [];
    for (const slot of chain) {
      if (!slot.engine.configured) {
        attempts.push({ engine: slot.engine.name, outcome: 'not_configured' });
        continue;
      }
      if (!slot.breaker.tryAcquire(clock.now())) {
        attempts.push(suspendedAttempt(slot));
        continue;
      }
      const outcome = await call(slot, request, signal);
      attempts.push(outcome.attempt);
      if (outcome.ok) return answer(vertical, [{ engine: slot.engine, result: outcome.result }], attempts, request);
    }
    if (attempts.every((attempt) => attempt.outcome === 'not_configured')) throw new SearchNotConfiguredError(vertical);
    throw new AllEnginesFailedError(vertical, attempts);
  }

  async function blend(
    vertical: Vertical,
    chain: readonly EngineSlot[],
    request: EngineRequest,
    signal?: AbortSignal,
  ): Promise<InternalOutcome> {
    const pending = chain.map((slot): EngineAttempt | Promise<CallOutcome> => {
      if (!slot.engine.configured) return { engine: slot.engine.name, outcome: 'not_configured' };
      if (!slot.breaker.tryAcquire(clock.now())) return suspendedAttempt(slot);
      return call(slot, request, signal);
    });
    const settled = await Promise.all(pending);
    const attempts = settled.map((entry) => ('ok' in entry ? entry.attempt : entry));
    const answers = chain.flatMap((slot, index): EngineAnswer[] => {
      const entry = settled[index];
      return entry !== undefined && 'ok' in entry && entry.ok ? [{ engine: slot.engine, result: entry.result }] : [];
    });
    if (answers.length === 0) {
      if (attempts.every((attempt) => attempt.outcome === 'not_configured')) throw new SearchNotConfiguredError(vertical);
      throw new AllEnginesFailedError(vertical, attempts);
    }
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
      };
      const chain = chainOf(vertical);
      const outcome = blended.has(vertical)
        ? await blend(vertical, chain, engineRequest, signal)
        : await walkChain(vertical, chain, engineRequest, signal);
      // Every engine result was checked to be of `vertical` (see `call`), so the items are ItemOf<V>.
      return outcome as SearchOutcome<V>;
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
