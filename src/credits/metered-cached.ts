import type { FastifyReply, FastifyRequest } from 'fastify';
import { markCacheHit, type CachedRequest, type CachedResult, type CachedRunner } from '../cache/cached.js';
import type { Metering, WorkOutcome } from './metering.js';

/** `CACHE_HIT_CHARGE`: whether an answer served from the cache costs what the original did. */
export type CacheHitCharge = 'full' | 'free';

/** What an answer costs: its price, or nothing for a cache hit when hits are free. */
export function chargeFor(price: number, hit: boolean, cacheHitCharge: CacheHitCharge): number {
  return hit && cacheHitCharge === 'free' ? 0 : price;
}

/** A piece of cached work and how its answer is priced; the same for every cached, metered route. */
export interface CachedWork<V, B> {
  /** Where the value is stored (the caller's signal is added per call). */
  readonly cache: Omit<CachedRequest, 'signal'>;
  /** Does the work; must use the signal it is given (see `createCachedRunner`). */
  readonly work: (shared: AbortSignal) => Promise<V>;
  /**
   * The answer and its cost, for a stored value (`hit`) or a fresh one. Must not write
   * anything: a hit is priced before its charge, which may still be refused.
   */
  readonly price: (result: CachedResult<V>) => WorkOutcome<B>;
  /** Whether this request may be served a stored value (e.g. one not older than it accepts); a refused one is refreshed. Default: any. */
  readonly usable?: (value: V) => boolean;
  /** The request's own time limit on the work: when it passes (and the client is still there), the call fails with `error()`. */
  readonly deadline?: { readonly signal: AbortSignal; readonly error: () => Error };
}

/**
 * Runs cached work without metering it: the stored value when there is a usable one, else the
 * work (coalesced with identical requests, stored on success). `signal` is the caller's own.
 */
export async function runCached<V, B>(cached: CachedRunner, reply: FastifyReply, spec: CachedWork<V, B>, signal: AbortSignal): Promise<WorkOutcome<B>> {
  const deadline = spec.deadline?.signal;
  const bounded = (own: AbortSignal) => (deadline === undefined ? own : AbortSignal.any([own, deadline]));
  const run = (useCache: boolean) => cached(reply, { ...spec.cache, useCache, signal: bounded(signal) }, (shared) => spec.work(bounded(shared)));
  try {
    let result = await run(spec.cache.useCache);
    if (result.hit && spec.usable !== undefined && !spec.usable(result.value)) result = await run(false);
    return spec.price(result);
  } catch (error) {
    if (deadline?.aborted && !signal.aborted) throw spec.deadline!.error();
    throw error;
  }
}

/**
 * A metered, cached call. A usable stored value has a cost known before any work, so it is
 * charged in one ledger step (one `charge` entry, no hold and release) and answered with
 * `X-Cache: HIT` once the charge is written; a 402 is decided by that cost. Anything else holds
 * `maxCost`, does the work and settles what it actually cost (see `Metering.run`).
 */
export async function meteredCached<V, B>(
  deps: { readonly metering: Metering; readonly cached: CachedRunner },
  call: { readonly request: FastifyRequest; readonly reply: FastifyReply; readonly endpoint: string; readonly maxCost: number },
  spec: CachedWork<V, B>,
): Promise<B> {
  const { request, reply, endpoint, maxCost } = call;
  let servedFromStore = false;
  const known = async () => {
    const stored = await deps.cached.lookup<V>(spec.cache);
    if (stored === undefined || (spec.usable !== undefined && !spec.usable(stored))) return undefined;
    servedFromStore = true;
    return spec.price({ value: stored, hit: true });
  };
  const body = await deps.metering.run(request, reply, endpoint, maxCost, (signal) => runCached(deps.cached, reply, spec, signal), known);
  if (servedFromStore) markCacheHit(reply);
  return body;
}
