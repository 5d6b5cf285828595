/** What the search use cases share: how they are metered, without HTTP. */
import type { Metering } from '../credits/index.js';

/** `metered` bound to the process's ledger. */
export type Meter = Metering['meter'];

/** The request's own time limit on a search: when it passes (and the caller is still there), the search fails with `error()`. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly error: () => Error;
}

/** A search served to a caller: its result, what the work cost, and what the ledger charged and left. */
export interface MeteredSearch<T> {
  readonly result: T;
  readonly cost: number;
  readonly charged: number;
  readonly balance: number;
}
