import type { GraphExpander, GraphExpansionHit } from '../pipeline/graph-expander.js';
import { expandByGraph, type GraphExpansionDeps } from './graph-expansion.js';

// expandByGraph accepts at most 100 results per call; the pipeline asks for a few more than top_k.
const MAX_LIMIT = 100;

/**
 * The pipeline's GraphExpander port answered by personalised PageRank over memory_edges
 * (ADR-0010). PageRank scores of a neighbourhood sum to 1, so they are rescaled by the best one
 * into the port's [0, 1]; `via` names the seed and the edge kinds of the shortest path, which is
 * what a reader needs to see why a record came in.
 */
export function createPageRankGraphExpander(deps: GraphExpansionDeps): GraphExpander {
  return {
    async expand(seedIds, { scopes, limit }): Promise<GraphExpansionHit[]> {
      if (seedIds.length === 0 || limit <= 0) return [];
      const expansion = await expandByGraph(deps, { seedIds: [...seedIds], scopes, limit: Math.min(limit, MAX_LIMIT) });
      const best = Math.max(0, ...expansion.results.map((r) => r.score));
      return expansion.results.map((r) => ({
        id: r.id,
        score: best > 0 ? r.score / best : 0,
        via: [r.seedId, ...r.path.map((step) => step.kind)].join(' → '),
      }));
    },
  };
}
