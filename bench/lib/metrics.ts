/** Precision, recall and F1 of one prediction against its ground truth. */
export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

// Python's `\w` on str: letters, numbers and the underscore (marks excluded), as the benchmarks define words.
const WORD = /[\p{L}\p{N}_]+/gu;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

function countMultiset(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

function overlap(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  for (const [item, count] of a) shared += Math.min(count, b.get(item) ?? 0);
  return shared;
}

function scoresFromCounts(shared: number, predicted: number, expected: number): Scores {
  // An empty prediction of a non-empty truth scores zero; an empty truth is trivially recalled.
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : shared / predicted;
  const recall = expected === 0 ? 1 : shared / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** WCXB metric: bag of lower-cased words, per page. */
export function wordScores(predicted: string, expected: string): Scores {
  const p = words(predicted.toLowerCase());
  const e = words(expected.toLowerCase());
  return scoresFromCounts(overlap(countMultiset(p), countMultiset(e)), p.length, e.length);
}

/** The multiset of 4-token shingles of a text, as the article-extraction benchmark counts them. */
export function shingles(text: string, size = 4): Map<string, number> {
  const tokens = words(text);
  const result: string[] = [];
  for (let i = 0; i + size <= tokens.length; i++) result.push(tokens.slice(i, i + size).join('\u0000'));
  return countMultiset(result);
}

/** Article-extraction metric for one page: shared, extra and missing shingles. */
export function shingleScores(predicted: string, expected: string): Scores {
  const p = shingles(predicted);
  const e = shingles(expected);
  const total = (m: Map<string, number>): number => Array.from(m.values()).reduce((a, b) => a + b, 0);
  return scoresFromCounts(overlap(p, e), total(p), total(e));
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Averages per-page scores: mean precision, mean recall and mean F1 (the WCXB way). */
export function averageScores(pages: readonly Scores[]): Scores {
  return { precision: mean(pages.map((s) => s.precision)), recall: mean(pages.map((s) => s.recall)), f1: mean(pages.map((s) => s.f1)) };
}

/** Article-extraction aggregate: F1 is the harmonic mean of the averaged precision and recall. */
export function harmonicOfAverages(pages: readonly Scores[]): Scores {
  const precision = mean(pages.map((s) => s.precision));
  const recall = mean(pages.map((s) => s.recall));
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}
