/**
 * Turning engine answers into the response list: post-filtering what an engine could not apply,
 * ordering by date when asked, de-duplicating, fusing several engines, trimming and numbering.
 */
import type { EngineRequest, EngineResult, SearchEngine } from './engine.js';
import { reciprocalRankFusion } from './fusion.js';
import { dedupeHits, itemDocument, itemKey, mergeHits, type AnyEngineHit, type AnyEngineItem } from './item-view.js';
import { isNativelySupported, matchesQuery } from './query.js';
import { engineAppliesWindow, newestFirst, withinWindow } from './time-filter.js';
import type { ItemVertical } from './verticals.js';

/** One engine's successful answer. */
export interface EngineAnswer {
  readonly engine: SearchEngine;
  readonly result: EngineResult;
}

export type RankedItem = AnyEngineItem & { readonly position: number };

/** Suggestions trimmed, without blanks and without case-insensitive repeats. */
function cleanSuggestions(suggestions: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of suggestions) {
    const suggestion = raw.trim();
    const key = suggestion.toLowerCase();
    if (suggestion === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(suggestion);
  }
  return kept;
}

/** The suggestions of one or several engines (fused by reciprocal rank), at most `num`. */
export function suggestionsFrom(answers: readonly EngineAnswer[], num: number): string[] {
  const lists = answers.map(({ result }) => cleanSuggestions(result.vertical === 'autocomplete' ? result.suggestions : []));
  const fused = lists.length === 1 ? (lists[0] ?? []) : reciprocalRankFusion(lists, (s) => s.toLowerCase());
  return fused.slice(0, num);
}

/** What the response keeps of one engine's hits: filtered, ordered, de-duplicated. */
function keptHits(vertical: ItemVertical, { engine, result }: EngineAnswer, request: EngineRequest): AnyEngineHit[] {
  if (result.vertical === 'autocomplete') return [];
  let kept: AnyEngineHit[] = [...result.hits];
  const nativeFeatures = engine.operators;
  if (request.query.clauses.some((clause) => !isNativelySupported(clause, nativeFeatures))) {
    kept = kept.filter((hit) => matchesQuery(request.query, itemDocument(vertical, hit.item), { nativeFeatures }));
  }
  if (!engineAppliesWindow(engine.recency, request.tbs)) {
    kept = kept.filter((hit) => withinWindow(hit.publishedAt, request.window));
  }
  if (request.window.sortByDate && !engine.sortsByDate) kept = newestFirst(kept);
  return dedupeHits(vertical, kept);
}

/**
 * The items of one or several engines (fused by reciprocal rank), at most `request.num`, numbered
 * from 1, with each item's publication time (`published[i]` for `items[i]`) as a date, when known.
 * The items are the engines' own: a relative date is the REST mapper's to show (shown-date.ts).
 */
export function rankedFrom(
  vertical: ItemVertical,
  answers: readonly EngineAnswer[],
  request: EngineRequest,
): { items: RankedItem[]; published: (Date | undefined)[] } {
  const lists = answers.map((answer) => keptHits(vertical, answer, request));
  let hits: AnyEngineHit[];
  if (lists.length === 1) {
    hits = lists[0] ?? [];
  } else {
    hits = reciprocalRankFusion(lists, (hit) => itemKey(vertical, hit.item), { merge: mergeHits });
    if (request.window.sortByDate) hits = newestFirst(hits);
  }
  const kept = hits.slice(0, request.num);
  return {
    items: kept.map((hit, index) => ({ ...hit.item, position: index + 1 })),
    published: kept.map((hit) => hit.publishedAt),
  };
}
