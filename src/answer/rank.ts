/**
 * Passages of several pages ranked against a question: Okapi BM25 over the passages (each
 * passage with its heading, so a section titled by the answer's subject counts), with two signals
 * the reading already has: the page's rank in the search, and the passage's place in the page
 * (a page says what it is about early). Then the best passages are chosen to fit a token budget,
 * a few per page at most, so that one long page does not crowd out the others.
 */
import type { Passage } from './passages.js';
import { termsOf } from './terms.js';

/** A page read for an answer: its passages and where it came from. */
export interface ReadPage {
  /** The source number the model sees (1-based, in search order). */
  readonly n: number;
  readonly url: string;
  readonly title: string;
  readonly passages: readonly Passage[];
}

export interface RankedPassage {
  readonly page: ReadPage;
  readonly passage: Passage;
  readonly score: number;
}

const K1 = 1.2;
const B = 0.75;

/** Every passage of `pages`, best first. */
export function rankPassages(question: string, pages: readonly ReadPage[]): RankedPassage[] {
  const queryTerms = [...new Set(termsOf(question))];
  const units = pages.flatMap((page) =>
    page.passages.map((passage) => {
      const terms = termsOf(passage.heading === undefined ? passage.text : `${passage.heading} ${passage.text}`);
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      return { page, passage, length: terms.length, counts };
    }),
  );
  if (units.length === 0) return [];
  const averageLength = units.reduce((sum, unit) => sum + unit.length, 0) / units.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const term of queryTerms) documentFrequency.set(term, units.filter((unit) => unit.counts.has(term)).length);
  const ranked = units.map(({ page, passage, length, counts }) => {
    let bm25 = 0;
    for (const term of queryTerms) {
      const frequency = counts.get(term);
      if (frequency === undefined) continue;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (units.length - df + 0.5) / (df + 0.5));
      bm25 += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
    }
    // Small, bounded nudges: they order passages that match alike, never outweigh a match.
    const searchRank = 1 + 0.1 / page.n;
    const placeInPage = 1 + 0.1 / (1 + passage.index);
    return { page, passage, score: bm25 * searchRank * placeInPage };
  });
  return ranked.sort((a, b) => b.score - a.score || a.page.n - b.page.n || a.passage.index - b.passage.index);
}

export interface ContextOptions {
  /** Tokens the passages may take together. */
  readonly budgetTokens: number;
  /** Passages of one page at most. */
  readonly perPage: number;
  /** Counts a passage's tokens. */
  readonly countTokens: (text: string) => number;
}

/**
 * The passages given to the model: the best first while they fit the budget (a passage that
 * matches nothing is never chosen when one that matches does fit), at most `perPage` of a page.
 */
export function choosePassages(ranked: readonly RankedPassage[], options: ContextOptions): RankedPassage[] {
  const chosen: RankedPassage[] = [];
  const perPage = new Map<number, number>();
  let used = 0;
  const anyMatch = ranked.some((unit) => unit.score > 0);
  for (const unit of ranked) {
    if (anyMatch && unit.score <= 0) break;
    const taken = perPage.get(unit.page.n) ?? 0;
    if (taken >= options.perPage) continue;
    const tokens = options.countTokens(unit.passage.text);
    if (used + tokens > options.budgetTokens) continue;
    chosen.push(unit);
    perPage.set(unit.page.n, taken + 1);
    used += tokens;
  }
  return chosen;
}
