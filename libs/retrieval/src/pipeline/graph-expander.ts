/*
 * The port through which a multi-hop query reaches the memory graph (seed 001 ADR-009/011). The
 * graph lib implements it (personalised PageRank over memory_edges); the pipeline only states
 * what it needs, so retrieval works — search-only, and says so — when no expander is wired.
 */

/** Options of one expansion. */
export interface GraphExpandOptions {
  /** The caller's visibility: an expander MUST NOT return ids outside these scopes. */
  scopes: string[];
  /** At most this many ids (not counting the seeds). */
  limit: number;
}

/** A record reached from the seeds, with its graph score in [0, 1] and the seed it came from. */
export interface GraphExpansionHit {
  id: string;
  score: number;
  via: string;
}

/** Expands seed records to related ones; the pipeline validates every returned id itself. */
export interface GraphExpander {
  expand(seedIds: readonly string[], options: GraphExpandOptions): Promise<GraphExpansionHit[]>;
}
