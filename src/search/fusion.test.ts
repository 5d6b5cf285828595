import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { reciprocalRankFusion } from './fusion.js';

const byItself = (value: string) => value;

describe('reciprocalRankFusion', () => {
  it('ranks by the sum of 1/(60 + rank) over the lists', () => {
    // b: 1/62 + 1/61; a: 1/61; d: 1/62; c: 1/63
    expect(
      reciprocalRankFusion(
        [
          ['a', 'b', 'c'],
          ['b', 'd'],
        ],
        byItself,
      ),
    ).toEqual(['b', 'a', 'd', 'c']);
  });

  it('breaks ties by the better best rank, then by the earlier list', () => {
    expect(
      reciprocalRankFusion(
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        byItself,
      ),
    ).toEqual(['a', 'c', 'b', 'd']);
  });

  it('counts only the first appearance of a result in each list', () => {
    expect(reciprocalRankFusion([['a', 'a', 'a'], ['b']], byItself)).toEqual(['a', 'b']);
  });

  it('keeps the best-ranked copy and lets merge combine copies', () => {
    const lists = [
      [
        { id: 'y', from: 'first' },
        { id: 'x', from: 'first' },
      ],
      [{ id: 'x', from: 'second' }],
    ];
    const fused = reciprocalRankFusion(lists, (v) => v.id, {
      merge: (kept, other) => ({ ...kept, from: `${kept.from}<${other.from}` }),
    });
    expect(fused).toEqual([
      { id: 'x', from: 'second<first' },
      { id: 'y', from: 'first' },
    ]);
  });

  it('honours another k', () => {
    // with k = 0: a = 1/1, b = 1/2 + 1/2 = 1 → tie on score, a has the better best rank
    expect(
      reciprocalRankFusion(
        [
          ['a', 'b'],
          ['c', 'b'],
        ],
        byItself,
        { k: 0 },
      ),
    ).toEqual(['a', 'c', 'b']);
  });

  it('returns every distinct result exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 6 }), { maxLength: 4 }), (lists) => {
        const fused = reciprocalRankFusion(lists, byItself);
        expect([...fused].sort()).toEqual([...new Set(lists.flat())].sort());
      }),
    );
  });
});
