/** Source of the current time, injected so suspensions and relative dates can be tested without waiting. */
export interface Clock {
  /** Milliseconds since the Unix epoch; must never go backwards by more than the host clock does. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
