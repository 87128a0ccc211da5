// Ranking metrics of the quality benchmark (standard IR definitions, graded relevance).
// `ranked` is a list of keys best first; `relevant` maps a key to its grade (> 0 = relevant).

/** Fraction of the relevant records found in the first k (0 when nothing is relevant). */
export function recallAt(ranked: readonly string[], relevant: Readonly<Record<string, number>>, k: number): number {
  const wanted = Object.keys(relevant).filter((key) => (relevant[key] as number) > 0);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((key) => top.has(key)).length / wanted.length;
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (index: number) => Math.log2(index + 2);

/** Normalised discounted cumulative gain at k with gain 2^grade − 1 and discount log2(rank + 1). */
export function ndcgAt(ranked: readonly string[], relevant: Readonly<Record<string, number>>, k: number): number {
  const seen = new Set<string>();
  let dcg = 0;
  ranked.slice(0, k).forEach((key, i) => {
    if (seen.has(key)) return;
    seen.add(key);
    dcg += gain(relevant[key] ?? 0) / discount(i);
  });
  const ideal = Object.values(relevant).filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((s, g, i) => s + gain(g) / discount(i), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** 1 / rank of the first relevant record within the first k, 0 if none. */
export function reciprocalRank(ranked: readonly string[], relevant: Readonly<Record<string, number>>, k: number): number {
  const i = ranked.slice(0, k).findIndex((key) => (relevant[key] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** The per-query scores the benchmark averages. */
export interface QueryScores {
  recall5: number;
  recall10: number;
  ndcg10: number;
  rr: number;
}

export function scoreQuery(ranked: readonly string[], relevant: Readonly<Record<string, number>>): QueryScores {
  return { recall5: recallAt(ranked, relevant, 5), recall10: recallAt(ranked, relevant, 10), ndcg10: ndcgAt(ranked, relevant, 10), rr: reciprocalRank(ranked, relevant, 10) };
}
