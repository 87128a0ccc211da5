/** One list's hits: id → score (higher is better). */
export type ScoredList = ReadonlyMap<string, number>;

/** A fused entry and its score in [0, 1]. */
export interface ScoreFused {
  id: string;
  score: number;
}

/** Min-max normalised scores: each list's best hit scores 1 and its last 0 (a single hit scores 1). */
function minMaxNormalised(list: ScoredList): Map<string, number> {
  const values = [...list.values()];
  const hi = Math.max(...values);
  const lo = Math.min(...values);
  return new Map([...list].map(([id, s]) => [id, hi > lo ? (s - lo) / (hi - lo) : 1]));
}

/**
 * Convex combination of min-max normalised list scores (ADR-0020): score = Σ w_i·ŝ_i / Σ w_i, a hit
 * missing from a list scoring 0 there. Unlike rank fusion it keeps how far apart hits are: a clear
 * winner of one list is not pulled down to the level of a weak list's arbitrary first ranks.
 * Ties fall back to id, so equal inputs always give the same order.
 */
export function fuseScores<K extends string>(lists: Record<K, { weight: number; scores: ScoredList }>): ScoreFused[] {
  const names = Object.keys(lists) as K[];
  const total = names.reduce((s, n) => s + Math.max(0, lists[n].weight), 0);
  const fused = new Map<string, number>();
  for (const name of names) {
    const w = Math.max(0, lists[name].weight) / (total > 0 ? total : 1);
    for (const [id, s] of minMaxNormalised(lists[name].scores)) fused.set(id, (fused.get(id) ?? 0) + w * s);
  }
  return [...fused].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
