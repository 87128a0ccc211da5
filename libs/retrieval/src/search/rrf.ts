/** One ranked candidate list: ids best first, and how much this list counts in the fusion. */
export interface RankedList {
  weight: number;
  ids: readonly string[];
}

/** A fused entry: its score and its 1-based rank in every list it appeared in. */
export interface FusedEntry<K extends string> {
  id: string;
  score: number;
  ranks: Partial<Record<K, number>>;
}

/** The RRF constant of seed 000 FR-03; it damps the advantage of the very first ranks. */
export const DEFAULT_RRF_K = 60;

/**
 * Weighted Reciprocal Rank Fusion: score(r) = Σ_i w_i / (k + rank_i(r)), ranks 1-based, summed over
 * the lists that contain r. Ties are broken by the best single rank, then by id, so equal inputs
 * always give the same order.
 */
export function fuseRrf<K extends string>(lists: Record<K, RankedList>, k: number = DEFAULT_RRF_K): FusedEntry<K>[] {
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`RRF k must be a finite number >= 0, got ${k}`);
  const fused = new Map<string, FusedEntry<K> & { bestRank: number }>();
  for (const name of Object.keys(lists) as K[]) {
    const { weight, ids } = lists[name];
    ids.forEach((id, index) => {
      const rank = index + 1;
      const entry = fused.get(id) ?? { id, score: 0, ranks: {} as Partial<Record<K, number>>, bestRank: Infinity };
      // A list may repeat an id (e.g. a caller concatenating pages); only its best rank counts.
      if (entry.ranks[name] !== undefined) return;
      entry.ranks[name] = rank;
      entry.score += weight / (k + rank);
      entry.bestRank = Math.min(entry.bestRank, rank);
      fused.set(id, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, score, ranks }) => ({ id, score, ranks }));
}
