/*
 * Personalised PageRank (Haveliwala 2002; the HippoRAG retrieval step, seed 001 ADR-011) over a
 * small in-memory graph. Pure: no I/O, deterministic for a given input order.
 */

/** An undirected weighted edge: rank flows both ways, in proportion to `weight`. */
export interface WeightedEdge {
  a: string;
  b: string;
  weight: number;
}

/** Power-iteration settings. */
export interface PageRankOptions {
  /** Probability of following an edge rather than jumping back to the seeds (default 0.85). */
  damping?: number;
  /** Stop when the L1 change of the rank vector falls below this (default 1e-6). */
  tolerance?: number;
  /** Hard bound on iterations (default 100). */
  maxIterations?: number;
}

/** Scores sum to 1 over the nodes. */
export interface PageRankResult {
  scores: Map<string, number>;
  iterations: number;
  converged: boolean;
}

export const DEFAULT_DAMPING = 0.85;
export const DEFAULT_TOLERANCE = 1e-6;
export const DEFAULT_MAX_ITERATIONS = 100;

interface Indexed {
  ids: string[];
  /** neighbours[i] = [j, transition probability i → j]. */
  neighbours: [number, number][][];
  personalization: Float64Array;
}

function indexGraph(nodes: readonly string[], edges: readonly WeightedEdge[], seeds: ReadonlyMap<string, number>): Indexed {
  const ids = [...new Set([...nodes, ...seeds.keys()])];
  const at = new Map(ids.map((id, i) => [id, i]));
  const weights: Map<number, number>[] = ids.map(() => new Map());
  for (const e of edges) {
    const [i, j] = [at.get(e.a), at.get(e.b)];
    if (i === undefined || j === undefined || i === j || !(e.weight > 0)) continue;
    weights[i]?.set(j, (weights[i]?.get(j) ?? 0) + e.weight);
    weights[j]?.set(i, (weights[j]?.get(i) ?? 0) + e.weight);
  }
  const neighbours = weights.map((w) => {
    const total = [...w.values()].reduce((s, x) => s + x, 0);
    return [...w.entries()].map(([j, x]): [number, number] => [j, x / total]);
  });
  const personalization = new Float64Array(ids.length);
  let mass = 0;
  for (const w of seeds.values()) if (w > 0) mass += w;
  for (const [id, w] of seeds) if (w > 0) personalization[at.get(id) as number] = w / mass;
  return { ids, neighbours, personalization };
}

/**
 * r = (1 − d)·p + d·(Pᵀ r + dangling mass·p): the random surfer follows an edge with probability
 * d and otherwise restarts at a seed (drawn from `seeds`, normalised); nodes without edges send
 * their rank back to the seeds, so the scores stay a distribution. Throws on bad settings or when
 * no seed has a positive weight.
 */
export function personalizedPageRank(
  nodes: readonly string[], edges: readonly WeightedEdge[], seeds: ReadonlyMap<string, number>, options: PageRankOptions = {},
): PageRankResult {
  const d = options.damping ?? DEFAULT_DAMPING;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  if (!(d >= 0 && d < 1)) throw new RangeError(`damping must be in [0, 1), got ${d}`);
  if (!(tolerance > 0)) throw new RangeError(`tolerance must be > 0, got ${tolerance}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new RangeError(`maxIterations must be a positive integer, got ${maxIterations}`);
  if (![...seeds.values()].some((w) => w > 0)) throw new RangeError('personalised PageRank needs at least one seed with a positive weight');
  const g = indexGraph(nodes, edges, seeds);
  let rank = Float64Array.from(g.personalization);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    const next = new Float64Array(rank.length);
    let dangling = 0;
    rank.forEach((r, i) => {
      const out = g.neighbours[i] as [number, number][];
      if (out.length === 0) dangling += r;
      for (const [j, p] of out) next[j] = (next[j] as number) + d * r * p;
    });
    let delta = 0;
    for (let i = 0; i < next.length; i++) {
      next[i] = (next[i] as number) + ((1 - d) + d * dangling) * (g.personalization[i] as number);
      delta += Math.abs((next[i] as number) - (rank[i] as number));
    }
    rank = next;
    iterations++;
    converged = delta < tolerance;
  }
  return { scores: new Map(g.ids.map((id, i) => [id, rank[i] as number])), iterations, converged };
}
