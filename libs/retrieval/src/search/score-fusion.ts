/** One list's hits: id → score (higher is better). */
export type ScoredList = ReadonlyMap<string, number>;

/** A fused entry and its score in [0, 1]. */
export interface ScoreFused {
  id: string;
  score: number;
}

/**
 * How deep a list is read for its normalisation floor: the score at this rank maps to 0. A fixed
 * depth, not the list's length, so asking for more results (memory.retrieve over-fetches 3×) does
 * not re-stretch the scores and reorder the top (issue 16); 40 = the default top 10 × over-fetch 4.
 */
export const NORMALISATION_DEPTH = 40;

/** Min-max normalised scores: each list's best hit scores 1, its hit at NORMALISATION_DEPTH (or last) 0, deeper ones 0. */
function minMaxNormalised(list: ScoredList, depth: number): Map<string, number> {
  const values = [...list.values()].sort((a, b) => b - a);
  const hi = values[0] ?? 0;
  const lo = values[Math.min(values.length, depth) - 1] ?? 0;
  return new Map([...list].map(([id, s]) => [id, hi > lo ? Math.max(0, (s - lo) / (hi - lo)) : 1]));
}

/**
 * Convex combination of min-max normalised list scores (ADR-0020): score = Σ w_i·ŝ_i / Σ w_i, a hit
 * missing from a list scoring 0 there. Unlike rank fusion it keeps how far apart hits are: a clear
 * winner of one list is not pulled down to the level of a weak list's arbitrary first ranks.
 * Ties fall back to id, so equal inputs always give the same order.
 */
export function fuseScores<K extends string>(lists: Record<K, { weight: number; scores: ScoredList }>, depth = NORMALISATION_DEPTH): ScoreFused[] {
  const names = Object.keys(lists) as K[];
  const total = names.reduce((s, n) => s + Math.max(0, lists[n].weight), 0);
  const fused = new Map<string, number>();
  for (const name of names) {
    const w = Math.max(0, lists[name].weight) / (total > 0 ? total : 1);
    for (const [id, s] of minMaxNormalised(lists[name].scores, depth)) fused.set(id, (fused.get(id) ?? 0) + w * s);
  }
  return [...fused].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
