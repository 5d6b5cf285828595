/**
 * Quarry's answers cite by `[n]`, the number of a source as the model was given it. The agent
 * surfaces list sources their own way (Tavily: `results`, Exa: `citations`), so each marker is
 * rewritten to the position its source has in that list, and one naming nothing listed is dropped
 * (with the space before it). Works on a stream too: a marker cut between two tokens is held back
 * until it is whole, so a client never sees a marker it cannot resolve.
 */

/** `[1]`, `[1, 2]`, `[1,2,3]` with the space before it: the markers `checkAnswer` reads. */
const MARKER = /(\s*)\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** A tail that may still grow into a marker: trailing space, or an open `[` of digits and commas. */
const OPEN_TAIL = /\s*(?:\[[\d\s,]*)?$/;
/** Longer than any marker: a tail this long is not one, and is let through. */
const LONGEST_MARKER = 32;

export interface MarkerRewriter {
  /** The next piece of the answer, its markers rewritten; the start of a marker may be held back. */
  push(text: string): string;
  /** What is still held back, rewritten. */
  end(): string;
}

/** Rewrites markers with `position(n)`: the 1-based place of source `n` in the surface's list, or undefined to drop it. */
export function markerRewriter(position: (n: number) => number | undefined): MarkerRewriter {
  let pending = '';
  const rewrite = (text: string) =>
    text.replace(MARKER, (_marker: string, space: string, list: string) => {
      const places = [...new Set(list.split(',').map((piece) => position(Number(piece.trim()))))].filter((place) => place !== undefined);
      return places.length === 0 ? '' : `${space}${places.map((place) => `[${place}]`).join('')}`;
    });
  return {
    push(text) {
      pending += text;
      const tail = OPEN_TAIL.exec(pending);
      const cut = tail !== null && pending.length - tail.index <= LONGEST_MARKER ? tail.index : pending.length;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return rewrite(ready);
    },
    end() {
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
  };
}

/** The whole of `text` rewritten at once. */
export function rewriteMarkers(text: string, position: (n: number) => number | undefined): string {
  const rewriter = markerRewriter(position);
  return rewriter.push(text) + rewriter.end();
}

/**
 * Positions given in the order sources are first cited: the list a surface builds from the cited
 * sources alone (Exa's `citations`). `order` is that list's sources by `n`, as they were met.
 */
export function firstCitedOrder(given: ReadonlySet<number>): { readonly position: (n: number) => number | undefined; readonly order: readonly number[] } {
  const order: number[] = [];
  return {
    order,
    position(n) {
      if (!given.has(n)) return undefined;
      const known = order.indexOf(n);
      if (known >= 0) return known + 1;
      order.push(n);
      return order.length;
    },
  };
}
