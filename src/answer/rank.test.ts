import { describe, expect, it } from 'vitest';
import { cutPassages } from './passages.js';
import { choosePassages, rankPassages, type ReadPage } from './rank.js';

function page(n: number, paragraphs: readonly string[]): ReadPage {
  return { n, url: `http://127.0.0.1/${n}`, title: `Page ${n}`, passages: cutPassages(paragraphs.join('\n\n'), { targetWords: 1, maxWords: 160 }) };
}

const words = (count: number, word: string) => Array.from({ length: count }, () => word).join(' ') + '.';
const countWords = (text: string) => text.split(/\s+/).length;

describe('rankPassages', () => {
  it('puts a passage with the question’s words above one without them, whatever the page order', () => {
    const first = page(1, ['Tides rise and fall twice a day along most coasts of the world.']);
    const second = page(2, ['The lighthouse at Cordouan was the first to use a Fresnel lens, in 1823.']);
    const ranked = rankPassages('When was the Fresnel lens first used in a lighthouse?', [first, second]);
    expect(ranked[0]!.passage.text).toContain('Cordouan');
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('matches a question’s words in other forms (plural, -ing, accents)', () => {
    const pages = [page(1, ['A café serving pastries opened near the station.']), page(2, ['Trains leave every hour.'])];
    expect(rankPassages('cafe pastry', pages)[0]!.page.n).toBe(1);
  });

  it('counts a section’s heading towards its passages', () => {
    const pages = [page(1, ['# Opening hours', 'Monday to Friday, nine to five.']), page(2, ['The museum holds paintings from nine countries.'])];
    expect(rankPassages('museum opening hours', pages)[0]!.passage.text).toBe('Monday to Friday, nine to five.');
  });

  it('ranks nothing when there are no passages', () => {
    expect(rankPassages('anything', [page(1, [])])).toEqual([]);
  });
});

describe('choosePassages', () => {
  const options = { budgetTokens: 1000, perPage: 2, countTokens: countWords };

  it('takes at most `perPage` passages of one page, leaving room for the others', () => {
    const long = page(
      1,
      Array.from({ length: 6 }, (_, i) => `Harbour fact ${i}: boats moor along the harbour wall.`),
    );
    const other = page(2, ['The harbour master keeps the boats list.']);
    const chosen = choosePassages(rankPassages('harbour boats', [long, other]), options);
    expect(chosen.filter((unit) => unit.page.n === 1)).toHaveLength(2);
    expect(chosen.some((unit) => unit.page.n === 2)).toBe(true);
  });

  it('keeps within the token budget, skipping a passage too big for what is left', () => {
    const big = page(1, [`harbour ${words(300, 'boats')}`]);
    const small = page(2, ['Harbour boats are counted each spring.']);
    const chosen = choosePassages(rankPassages('harbour boats', [big, small]), { ...options, budgetTokens: 100 });
    expect(chosen.map((unit) => unit.page.n)).toEqual([2]);
    expect(chosen.reduce((sum, unit) => sum + countWords(unit.passage.text), 0)).toBeLessThanOrEqual(100);
  });

  it('gives no passage that matches nothing when some passage matches', () => {
    const pages = [page(1, ['Harbour boats are counted each spring.', 'Unrelated weather report for the valley.'])];
    const chosen = choosePassages(rankPassages('harbour boats', pages), options);
    expect(chosen.map((unit) => unit.passage.text)).toEqual(['Harbour boats are counted each spring.']);
  });
});
