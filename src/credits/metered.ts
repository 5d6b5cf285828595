/**
 * Metering without HTTP: who is calling (`Caller`) and `metered(caller, endpoint, maxCost, work)`,
 * the hold → work → settle lifecycle every surface runs its operations under. A cost known
 * before any work (a cache hit) is charged in one ledger step instead. Nothing here knows
 * Fastify: the REST routes reach it through `Metering.run` (metering.ts), the agent surfaces
 * (Tavily, Exa, Jina, MCP) through the use cases.
 */
import type { Ledger } from './ledger.js';
import { ClientGoneError } from './metered-errors.js';

/** Who asks for a piece of metered work, and whether they can still receive its answer. */
export interface Caller {
  /** The account whose credits pay (`users.id`). */
  readonly accountId: number;
  /** The API key the call came with. */
  readonly keyId: number;
  /** The request's id, written on the ledger entries. */
  readonly requestId: string;
  /** Aborted when the caller went away (the reason is a ClientGoneError). */
  readonly signal: AbortSignal;
  /** Whether the caller went away; default: whether `signal` was aborted. */
  readonly gone?: () => boolean;
}

/** The outcome of a metered piece of work: what to answer and what it actually cost. */
export interface WorkOutcome<T> {
  readonly body: T;
  readonly cost: number;
}

/** What a metered operation answered and what the ledger says of it. */
export interface MeteredResult<T> {
  readonly body: T;
  /** Credits charged for it. */
  readonly charged: number;
  /** The account's balance after the charge. */
  readonly balance: number;
  /** Whether it was charged in one step before any work (`known` answered: a cache hit). */
  readonly known: boolean;
}

export interface MeteredDeps {
  readonly ledger: Ledger;
  readonly holdTtlSeconds: number;
}

function isGone(caller: Caller): boolean {
  return caller.gone === undefined ? caller.signal.aborted : caller.gone();
}

function goneReason(caller: Caller): Error {
  const reason: unknown = caller.signal.reason;
  return reason instanceof Error ? reason : new ClientGoneError();
}

/**
 * Runs `work` for `caller` inside a hold of `maxCost` on `endpoint`: a caller already gone holds
 * nothing; one that leaves while the hold is written gets it released before any work; failed
 * work releases the hold; finished work whose caller left is released, not charged; otherwise the
 * actual cost is charged and the rest released (one `settle`). `known`, when given, is asked first:
 * an outcome it returns is charged in one step (`charge`), with no hold.
 */
export async function metered<T>(
  deps: MeteredDeps,
  caller: Caller,
  endpoint: string,
  maxCost: number,
  work: (signal: AbortSignal) => Promise<WorkOutcome<T>>,
  known?: () => Promise<WorkOutcome<T> | undefined>,
): Promise<MeteredResult<T>> {
  const { ledger } = deps;
  const context = { apiKeyId: caller.keyId, endpoint, requestId: caller.requestId };
  const ready = known === undefined ? undefined : await known();
  if (ready !== undefined) {
    // Nobody is left to receive it: no answer delivered, no charge.
    if (isGone(caller)) throw goneReason(caller);
    const result = await ledger.charge(caller.accountId, ready.cost, context);
    return { body: ready.body, charged: result.charged, balance: result.balance, known: true };
  }
  const signal = caller.signal;
  const hold = await openHold(deps, caller, endpoint, maxCost);
  let outcome: WorkOutcome<T>;
  try {
    if (signal.aborted) throw signal.reason;
    outcome = await work(signal);
  } catch (error) {
    await hold.release();
    throw error;
  }
  // The work finished, but nobody is left to receive it: no answer delivered, no charge.
  if (isGone(caller)) {
    await hold.release();
    throw goneReason(caller);
  }
  const result = await hold.settle(outcome.cost);
  return { body: outcome.body, charged: result.charged, balance: result.balance, known: false };
}

/** Credits held for a caller's work; settled once with the actual cost, or released. */
export interface OpenHold {
  /** Charges `cost` (at most the hold) and gives the rest back. */
  settle(cost: number): Promise<{ readonly charged: number; readonly balance: number }>;
  /** Charges nothing; a no-op once settled or released. */
  release(): Promise<void>;
}

/**
 * Holds `maxCost` for `caller` on `endpoint`, for work that decides its charge while it runs (a
 * streamed answer is charged for what it produced, even when its caller left mid-way; `metered`
 * is this with the settle after the work). A caller already gone holds nothing; one that leaves
 * while the hold is written gets it released before any work.
 */
export async function openHold(deps: MeteredDeps, caller: Caller, endpoint: string, maxCost: number): Promise<OpenHold> {
  const { ledger } = deps;
  // Watching the caller starts here, so that a client leaving while the hold is written is seen.
  void caller.signal;
  if (isGone(caller)) throw goneReason(caller);
  const hold = await ledger.hold(caller.accountId, maxCost, { apiKeyId: caller.keyId, endpoint, requestId: caller.requestId, ttlSeconds: deps.holdTtlSeconds });
  if (isGone(caller)) {
    // It left while the hold was being written: give the hold back before any work starts.
    await ledger.release(hold.id);
    throw goneReason(caller);
  }
  let done = false;
  return {
    async settle(cost) {
      done = true;
      return ledger.settle(hold.id, cost);
    },
    async release() {
      if (done) return;
      done = true;
      await ledger.release(hold.id);
    },
  };
}
