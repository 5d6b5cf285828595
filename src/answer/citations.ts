/**
 * The model's answer checked against what it was given. The model cites by number (`[2]`, also
 * `[1, 3]` or `[1][3]`); a number that names no source it was given is removed, with a warning;
 * each source it did cite is listed once, with the passage of that source given to the model that
 * best matches the sentences citing it, verbatim. A source not cited is not listed.
 */
import { termsOf } from './terms.js';

/** A source as the model saw it: its number, page and the passages it was given, in page order. */
export interface GivenSource {
  readonly n: number;
  readonly title: string;
  readonly url: string;
  readonly passages: readonly string[];
}

export interface Citation {
  readonly n: number;
  readonly title: string;
  readonly url: string;
  /** A passage the model was given, verbatim. */
  readonly quote: string;
}

export interface CheckedAnswer {
  readonly answer: string;
  /** In order of `n`. */
  readonly citations: Citation[];
  readonly warnings: string[];
}

/** `[1]`, `[1, 2]`, `[1,2,3]`: a marker of one or more source numbers. */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** The sentence of `text` around `offset`: where a marker's claim is. */
function sentenceAround(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n'), before.lastIndexOf('? '), before.lastIndexOf('! ')) + 1;
  return text.slice(start, offset);
}

function overlap(claim: Set<string>, passage: string): number {
  let shared = 0;
  for (const term of new Set(termsOf(passage))) if (claim.has(term)) shared++;
  return shared;
}

export function checkAnswer(answer: string, sources: readonly GivenSource[]): CheckedAnswer {
  const byNumber = new Map(sources.map((source) => [source.n, source]));
  const invented = new Set<number>();
  const claims = new Map<number, string[]>();
  const checked = answer.replace(MARKER, (marker: string, list: string, offset: number) => {
    const numbers = list.split(',').map((piece) => Number(piece.trim()));
    const known = numbers.filter((n) => byNumber.has(n));
    for (const n of numbers) if (!byNumber.has(n)) invented.add(n);
    if (known.length === numbers.length) {
      for (const n of known) claims.set(n, [...(claims.get(n) ?? []), sentenceAround(answer, offset)]);
      return marker;
    }
    for (const n of known) claims.set(n, [...(claims.get(n) ?? []), sentenceAround(answer, offset)]);
    return known.map((n) => `[${n}]`).join('');
  });
  const citations = [...claims.keys()]
    .sort((a, b) => a - b)
    .map((n) => {
      const source = byNumber.get(n)!;
      const claim = new Set(termsOf(claims.get(n)!.join(' ')));
      let quote = source.passages[0] ?? '';
      let best = -1;
      for (const passage of source.passages) {
        const score = overlap(claim, passage);
        if (score > best) [best, quote] = [score, passage];
      }
      return { n, title: source.title, url: source.url, quote };
    });
  const warnings =
    invented.size === 0 ? [] : [`The answer cited ${[...invented].map((n) => `[${n}]`).join(', ')}, which names no source it was given; removed.`];
  // A removed marker may leave a space before punctuation ("word [9]." → "word ."): tidy it.
  const tidy = invented.size === 0 ? checked : checked.replace(/[ \t]+([.,;:!?])/g, '$1').replace(/[ \t]{2,}/g, ' ');
  return { answer: tidy, citations, warnings };
}
