/**
 * Linear time, checked without a wall-clock budget: the same work on an input `factor` times
 * larger must take less than `maxRatio` times as long, both measured in the same run on the same
 * machine. Linear work grows about as the input (×4 → ×4–6 with garbage collection), quadratic
 * work as its square (×16), so the ratio tells them apart on a fast idle machine and on a slow
 * loaded one alike, where an absolute budget fails. Load only ever slows a run, so a round whose
 * ratio is too high is measured again, keeping each size's fastest time: a truly superlinear
 * growth fails every round, a burst of load on the large run does not fail the test.
 */
export interface Growth {
  /** Milliseconds of the smaller and the larger input (the fastest of the rounds run). */
  readonly small: number;
  readonly large: number;
  /** `large` over `small` (with `small` at least `FLOOR_MS`). */
  readonly ratio: number;
}

export interface GrowthOptions {
  /** How many times larger the second input is. */
  readonly factor?: number;
  /** The ratio a round must stay under. */
  readonly maxRatio?: number;
  /** Rounds at most before giving up. */
  readonly rounds?: number;
}

/** Below this, a time is mostly timer and scheduling noise: the ratio's denominator is at least this. */
const FLOOR_MS = 5;

const timed = (run: () => void): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

/** How the time of `work` grows from `input(1)` to `input(factor)`; `input` builds the input at a scale. */
export function measureGrowth<T>(input: (scale: number) => T, work: (input: T) => void, options: GrowthOptions = {}): Growth {
  const { factor = 4, maxRatio = 10, rounds = 3 } = options;
  const smallInput = input(1);
  const largeInput = input(factor);
  let small = Infinity;
  let large = Infinity;
  let ratio = Infinity;
  for (let round = 0; round < rounds && ratio >= maxRatio; round++) {
    // The large input first: the first round's warm-up (compiling the code) then slows the large
    // run, which a retry measures again, rather than the small one, which would hide a steep growth.
    const largeMs = timed(() => work(largeInput));
    const smallMs = timed(() => work(smallInput));
    large = Math.min(large, largeMs);
    small = Math.min(small, smallMs);
    ratio = large / Math.max(small, FLOOR_MS);
  }
  return { small, large, ratio };
}

/** `unit` repeated until it makes at least `chars` characters. */
export const repeatTo = (unit: string, chars: number): string => unit.repeat(Math.ceil(chars / unit.length));
