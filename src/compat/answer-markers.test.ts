import { describe, expect, it } from 'vitest';
import { firstCitedOrder, markerRewriter, rewriteMarkers } from './answer-markers.js';

const shifted = (n: number) => (n <= 3 ? n + 10 : undefined);

describe('answer markers on the agent surfaces', () => {
  it('renumbers each marker to its source’s place and drops one naming nothing listed, with its space', () => {
    expect(rewriteMarkers('Cordouan, 1823 [1]. Wickies [2, 3]. Invented [9]. Both [1][9].', shifted)).toBe(
      'Cordouan, 1823 [11]. Wickies [12][13]. Invented. Both [11].',
    );
    expect(rewriteMarkers('An array [a] and [1000] stay.', shifted)).toBe('An array [a] and [1000] stay.');
  });

  it('gives the same text when the answer comes token by token, a marker cut anywhere', () => {
    const text = 'First [1]. Then [2,\n3] and an invented one [7]. End [3]';
    for (let size = 1; size <= 5; size++) {
      const rewriter = markerRewriter(shifted);
      let out = '';
      for (let at = 0; at < text.length; at += size) out += rewriter.push(text.slice(at, at + size));
      out += rewriter.end();
      expect(out, `pieces of ${size}`).toBe(rewriteMarkers(text, shifted));
    }
  });

  it('lets through a bracket that does not become a marker', () => {
    const rewriter = markerRewriter(shifted);
    expect(rewriter.push('Use a[')).toBe('Use a');
    expect(rewriter.push('i] here ')).toBe('[i] here');
    expect(rewriter.end()).toBe(' ');
  });

  it('numbers the cited sources in the order they are first cited', () => {
    const cited = firstCitedOrder(new Set([1, 2, 3]));
    expect(rewriteMarkers('B [3]. A [1]. B again [3]. None [8].', cited.position)).toBe('B [1]. A [2]. B again [1]. None.');
    expect(cited.order).toEqual([3, 1]);
  });
});
