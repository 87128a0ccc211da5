import type { EdgeKind } from '@engram/memory';

/** One stored edge of the memory graph, as loaded (direction as stored). */
export interface GraphEdge {
  src: string;
  dst: string;
  kind: EdgeKind;
  weight: number;
}

/** One step of the path that brought a record in: `from` → `to` over an edge of `kind`. */
export interface GraphStep {
  from: string;
  to: string;
  kind: EdgeKind;
}

/** How strongly rank flows over each kind of edge (multiplies the stored weight). */
export type EdgeKindWeights = Readonly<Record<EdgeKind, number>>;

/**
 * Defaults: provenance and explicit support carry the most, similarity and topical relation a
 * little less; a contradiction is worth seeing but should not pull in its whole neighbourhood;
 * a supersession leads to an outdated record, which is only useful as a bridge (ADR-0010).
 */
export const DEFAULT_EDGE_KIND_WEIGHTS: EdgeKindWeights = Object.freeze({
  derived_from: 1,
  supports: 1,
  relates_to: 0.8,
  similar_to: 0.7,
  contradicts: 0.5,
  supersedes: 0.3,
});

/** A record found by graph expansion. */
export interface GraphExpansionResult {
  id: string;
  /** Personalised PageRank score (the neighbourhood's scores sum to 1, seeds included). */
  score: number;
  /** Hops from the nearest seed. */
  hops: number;
  /** The seed the shortest path starts at. */
  seedId: string;
  /** Shortest path (by hops) from `seedId` to this record. */
  path: GraphStep[];
}

/** Result of {@link expandByGraph}: ranked extra records and what the traversal saw. */
export interface GraphExpansion {
  results: GraphExpansionResult[];
  /** Seeds the caller may see (others are ignored, never traversed from). */
  seeds: string[];
  nodes: number;
  edges: number;
  /** The node cap stopped the traversal before `maxHops`. */
  truncated: boolean;
  iterations: number;
  converged: boolean;
}
