/** The constant of reciprocal-rank fusion (Cormack et al., 2009): large enough that rank 1 does not dominate. */
export const RRF_K = 60;

export interface FusionOptions<T> {
  readonly k?: number;
  /** Combines two copies of one result; `kept` is the better-ranked copy. Default: keep `kept`. */
  readonly merge?: (kept: T, other: T) => T;
}

/**
 * Merges ranked lists by reciprocal-rank fusion: a result scores Σ 1/(k + rank) over the lists it
 * appears in (rank 1-based; only its first appearance in each list counts). Ties go to the result
 * with the better best rank, then to the earlier list. Results are identified by `keyOf`.
 */
export function reciprocalRankFusion<T>(lists: readonly (readonly T[])[], keyOf: (value: T) => string, options: FusionOptions<T> = {}): T[] {
  const k = options.k ?? RRF_K;
  const fused = new Map<string, { score: number; bestRank: number; firstList: number; value: T }>();

  lists.forEach((list, listIndex) => {
    const seenInList = new Set<string>();
    list.forEach((value, index) => {
      const key = keyOf(value);
      if (seenInList.has(key)) return;
      seenInList.add(key);
      const rank = index + 1;
      const entry = fused.get(key);
      if (entry === undefined) {
        fused.set(key, { score: 1 / (k + rank), bestRank: rank, firstList: listIndex, value });
        return;
      }
      entry.score += 1 / (k + rank);
      const better = rank < entry.bestRank;
      entry.value = options.merge ? (better ? options.merge(value, entry.value) : options.merge(entry.value, value)) : better ? value : entry.value;
      if (better) entry.bestRank = rank;
    });
  });

  return [...fused.values()].sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || a.firstList - b.firstList).map((entry) => entry.value);
}
