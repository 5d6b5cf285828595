/**
 * A robots.txt path pattern (RFC 9309 §2.2.3): `*` stands for any run of characters and a final
 * `$` anchors the end; everything else matches itself from the start of the path. The pattern comes
 * from a site we crawl, so it is matched without backtracking: the pieces between the `*`s are found
 * left to right, each at its earliest place after the one before. Taking the earliest place never
 * loses a match (a later piece only gets more room), so one pass decides it, in time linear in the
 * path's length for each piece.
 */

export type RobotsPathTest = (path: string) => boolean;

export function compileRobotsPattern(pattern: string): RobotsPathTest {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return anchored ? (path) => path === first : (path) => path.startsWith(first);
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const last = pieces[pieces.length - 1] ?? '';
  return (path) => {
    if (!path.startsWith(first)) return false;
    let from = first.length;
    for (const piece of middle) {
      const at = path.indexOf(piece, from);
      if (at < 0) return false;
      from = at + piece.length;
    }
    // The last piece closes the match: at the very end when anchored, anywhere after the others if not.
    if (anchored) return path.length - last.length >= from && path.endsWith(last);
    return path.indexOf(last, from) >= 0;
  };
}
