/**
 * A line diff (Myers' O((N+M)·D) algorithm) with bounds on its work: the common head and tail
 * are cut off first (most edits of a page touch a few lines), and what is left is diffed exactly
 * only while it stays within `LINE_DIFF_LIMITS`. Past them the middle is reported as removed then
 * added as a whole (`coarse: true`): still a true diff, only not the smallest one.
 */

export const LINE_DIFF_LIMITS = {
  /** Lines of either side, after the common head and tail are cut, diffed exactly. */
  maxLines: 2_000,
  /** Lines added plus removed beyond which the search for the smallest diff stops. */
  maxEdits: 400,
} as const;

export type LineOp = { readonly kind: 'same' | 'removed' | 'added'; readonly line: string };

export interface LineDiff {
  readonly ops: readonly LineOp[];
  /** The bounds were passed: the changed middle is one block removed and one added. */
  readonly coarse: boolean;
}

export function diffLines(
  before: readonly string[],
  after: readonly string[],
  limits: { readonly maxLines: number; readonly maxEdits: number } = LINE_DIFF_LIMITS,
): LineDiff {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const same = (lines: readonly string[]): LineOp[] => lines.map((line) => ({ kind: 'same', line }));
  const block = (): LineOp[] => [...a.map((line): LineOp => ({ kind: 'removed', line })), ...b.map((line): LineOp => ({ kind: 'added', line }))];

  let middle: LineOp[] | undefined;
  if (a.length === 0 || b.length === 0) middle = block();
  else if (a.length <= limits.maxLines && b.length <= limits.maxLines) middle = myers(a, b, limits.maxEdits);
  return {
    ops: [...same(before.slice(0, head)), ...(middle ?? block()), ...same(before.slice(before.length - tail))],
    coarse: middle === undefined,
  };
}

/** The smallest edit script from `a` to `b`, or undefined when it needs more than `maxEdits` edits. */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): LineOp[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m;
  const v = new Int32Array(2 * offset + 2);
  // For each d, the furthest x on diagonals -d..d: D² numbers in all, not D·(N+M).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(trace, a, b);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

/** Walks the trace back from the end: each step is one edit and the run of equal lines before it. */
function backtrack(trace: readonly Int32Array[], a: readonly string[], b: readonly string[]): LineOp[] {
  const ops: LineOp[] = [];
  let x = a.length;
  let y = b.length;
  const at = (d: number, k: number) => trace[d]![k + d]!;
  for (let d = trace.length - 1; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && at(d - 1, k - 1) < at(d - 1, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(d - 1, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      y--;
      ops.push({ kind: 'same', line: a[--x]! });
    }
    if (down) ops.push({ kind: 'added', line: b[--y]! });
    else ops.push({ kind: 'removed', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    y--;
    ops.push({ kind: 'same', line: a[--x]! });
  }
  return ops.reverse();
}
