import { describe, expect, it } from 'vitest';
import { checkAnswer, type GivenSource } from './citations.js';

const SOURCES: GivenSource[] = [
  {
    n: 1,
    title: 'Fresnel lens',
    url: 'http://127.0.0.1/fresnel',
    passages: ['Fresnel presented his lens in 1822.', 'The first lighthouse to use it was Cordouan, lit in 1823.'],
  },
  { n: 2, title: 'Keepers', url: 'http://127.0.0.1/keepers', passages: ['Keepers trimmed the wicks every four hours.'] },
  { n: 3, title: 'Tallest', url: 'http://127.0.0.1/tallest', passages: ['The Jeddah Light is 133 metres tall.'] },
];

describe('checkAnswer', () => {
  it('reads [1], [1, 2] and [1][3] as citations of those sources, each listed once in order', () => {
    const checked = checkAnswer('Cordouan came first [1]. Keepers tended it [1, 2]. The tallest is in Jeddah [1][3].', SOURCES);
    expect(checked.citations.map((citation) => citation.n)).toEqual([1, 2, 3]);
    expect(checked.answer).toBe('Cordouan came first [1]. Keepers tended it [1, 2]. The tallest is in Jeddah [1][3].');
    expect(checked.warnings).toEqual([]);
  });

  it('removes a marker naming no source given, with a warning, and keeps the known numbers of a list', () => {
    const checked = checkAnswer('It was lit in 1823 [1][7]. Some say otherwise [9]. Keepers stayed [2, 8].', SOURCES);
    expect(checked.answer).toBe('It was lit in 1823 [1]. Some say otherwise. Keepers stayed [2].');
    expect(checked.citations.map((citation) => citation.n)).toEqual([1, 2]);
    expect(checked.warnings).toHaveLength(1);
    expect(checked.warnings[0]).toMatch(/\[7\], \[9\], \[8\]/);
  });

  it('quotes the passage of the cited source that matches the claim, verbatim', () => {
    const checked = checkAnswer('Cordouan was the first lighthouse lit with it, in 1823 [1].', SOURCES);
    expect(checked.citations[0]).toEqual({
      n: 1,
      title: 'Fresnel lens',
      url: 'http://127.0.0.1/fresnel',
      quote: 'The first lighthouse to use it was Cordouan, lit in 1823.',
    });
  });

  it('quotes only from the source cited, even when another source matches the claim better', () => {
    const checked = checkAnswer('The Jeddah Light is 133 metres tall [2].', SOURCES);
    expect(checked.citations).toHaveLength(1);
    expect(SOURCES[1]!.passages).toContain(checked.citations[0]!.quote);
  });

  it('lists no citation when the answer cites nothing', () => {
    expect(checkAnswer('The sources do not say.', SOURCES)).toEqual({ answer: 'The sources do not say.', citations: [], warnings: [] });
  });
});
