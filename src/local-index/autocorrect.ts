/**
 * Autocorrect on the local index: when a query finds nothing, each plain word the index does not
 * know is replaced by the nearest word it does know — fewest edits (insertions, deletions,
 * substitutions, swaps of neighbours; at most 1 for words of up to 5 letters, 2 beyond), then most
 * documents. The index's vocabulary is `index_terms` (see vocabulary.ts); how many documents hold
 * a word is counted on the full-text index, up to `FREQUENCY_CAP`.
 *
 * Only the first letter is trusted (candidates share it): typos there are rare, and the candidate
 * range stays small at any index size.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseQuery, type ParsedQuery, type SimpleClause } from '../search/index.js';
import { foldedWords } from './text.js';
import { isKnownWord, spellingCandidates } from './vocabulary.js';

/** Documents are counted up to this many when weighing a word: beyond it, a word is simply common. */
const FREQUENCY_CAP = 1000;
/** Known words read per misspelt word (same first letter, close length) … */
const MAX_CANDIDATES = 20_000;
/** … and the closest of them weighed by their documents. */
const MAX_WEIGHED = 12;

/** Edits allowed for a word of this length (none for words too short to tell a typo from another word). */
export function maxEdits(length: number): number {
  if (length < 3) return 0;
  return length <= 5 ? 1 : 2;
}

/** Damerau-Levenshtein distance (optimal string alignment), or `limit + 1` once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The folded words of the query's plain terms (not quoted, not excluded, not operators) that may be corrected. */
export function correctableWords(query: ParsedQuery): string[] {
  const words: string[] = [];
  const visit = (clause: SimpleClause) => {
    if (clause.kind !== 'term' || clause.negated) return;
    for (const word of foldedWords(clause.value)) if (maxEdits(word.length) > 0 && !/\d/.test(word)) words.push(word);
  };
  for (const clause of query.clauses) {
    if (clause.kind === 'anyOf') clause.options.forEach(visit);
    else visit(clause);
  }
  return [...new Set(words)];
}

interface Candidate {
  readonly term: string;
  readonly distance: number;
  readonly docs: number;
}

/** The best replacement among weighed candidates: fewest edits, then most documents, then alphabetical. */
function bestCorrection(candidates: readonly Candidate[]): string | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    const { term, distance, docs } = candidate;
    if (docs <= 0) continue;
    if (best === undefined || distance < best.distance || (distance === best.distance && (docs > best.docs || (docs === best.docs && term < best.term)))) {
      best = candidate;
    }
  }
  return best?.term;
}

/**
 * The query text with each corrected word put in place of the clause text it came from. Only
 * plain terms are touched, so operators, quotes and exclusions survive as typed.
 */
export function correctedText(q: string, corrections: ReadonlyMap<string, string>): string {
  return q.replace(/(^|\s)([^\s"():-][^\s"()]*)/g, (whole, space: string, token: string) => {
    if (/^[a-z]+:/i.test(token) || token === 'OR') return whole;
    const words = foldedWords(token);
    if (words.length !== 1) return whole;
    const replacement = corrections.get(words[0] ?? '');
    return replacement === undefined ? whole : `${space}${replacement}`;
  });
}

export interface CorrectionSource {
  readonly db: Kysely<Database>;
  /** Documents the searching account may find that hold the word, up to `cap`. */
  documentsWith(word: string, cap: number): Promise<number>;
}

/**
 * The query with each plain word that no document the account may find holds replaced by its
 * nearest known word, or `undefined` when no word could be corrected.
 */
export async function correctQuery(source: CorrectionSource, q: string, query: ParsedQuery): Promise<{ q: string; query: ParsedQuery } | undefined> {
  const corrections = new Map<string, string>();
  for (const word of correctableWords(query)) {
    if ((await isKnownWord(source.db, word)) && (await source.documentsWith(word, 1)) > 0) continue;
    const limit = maxEdits(word.length);
    const close = (await spellingCandidates(source.db, word, limit, MAX_CANDIDATES))
      .map((term) => ({ term, distance: editDistance(word, term, limit) }))
      .filter(({ term, distance }) => distance <= limit && term !== word)
      .sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_WEIGHED);
    const weighed: Candidate[] = [];
    for (const candidate of close) weighed.push({ ...candidate, docs: await source.documentsWith(candidate.term, FREQUENCY_CAP) });
    const best = bestCorrection(weighed);
    if (best !== undefined) corrections.set(word, best);
  }
  if (corrections.size === 0) return undefined;
  const text = correctedText(q, corrections);
  return text === q ? undefined : { q: text, query: parseQuery(text) };
}
