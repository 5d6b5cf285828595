/**
 * One engine call as the router makes it: under a deadline and the caller's signal, with the
 * outcome recorded in the engine's circuit breaker and health figures. A query the engine refused
 * as the request's fault (`QueryRejectedError`) and a caller who gave up say nothing about the
 * engine's health: neither is recorded.
 */
import type { CircuitBreaker } from './breaker.js';
import type { Clock } from './clock.js';
import { EngineError, QueryRejectedError, type EngineErrorKind, type EngineRequest, type EngineResult, type SearchEngine } from './engine.js';
import type { EngineStats } from './engine-stats.js';
import type { EngineAttempt } from './errors.js';

export interface EngineSlot {
  readonly engine: SearchEngine;
  readonly breaker: CircuitBreaker;
  readonly stats: EngineStats;
  lastError?: { readonly kind: EngineErrorKind | 'internal'; readonly message: string; readonly at: Date };
}

export type CallOutcome =
  { readonly ok: true; readonly result: EngineResult; readonly attempt: EngineAttempt } | { readonly ok: false; readonly attempt: EngineAttempt };

export interface CallSettings {
  readonly clock: Clock;
  readonly timeoutMs: number;
}

/** Runs the engine under a deadline and the caller's signal, whichever ends first. */
function runWithDeadline(engine: SearchEngine, request: EngineRequest, timeoutMs: number, signal?: AbortSignal): Promise<EngineResult> {
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

/**
 * Calls one engine whose breaker let the call through. Resolves with its answer or its failure;
 * rejects with the caller's abort reason, or with `QueryRejectedError` for a query the engine
 * cannot run (neither counts against the engine).
 */
export async function callEngine(slot: EngineSlot, request: EngineRequest, settings: CallSettings, signal?: AbortSignal): Promise<CallOutcome> {
  const { engine } = slot;
  const { clock } = settings;
  const started = clock.now();
  try {
    const result = await runWithDeadline(engine, request, settings.timeoutMs, signal);
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
    if (error instanceof QueryRejectedError) {
      // The request's fault: the engine answered as it should, so its breaker stays as it was.
      slot.breaker.release();
      throw error;
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

/** The attempt of an engine whose breaker refused the call. */
export function suspendedAttempt(slot: EngineSlot, now: number): EngineAttempt {
  const { suspendedUntil } = slot.breaker.snapshot(now);
  return {
    engine: slot.engine.name,
    outcome: 'suspended',
    ...(suspendedUntil === undefined ? {} : { suspendedUntil: new Date(suspendedUntil) }),
  };
}
