import { MAX_TOP_K } from '../search/search-query.js';
import { SEARCH_OVER_FETCH } from '../search/search.service.js';
import type { SearchService } from '../search/search.service.js';
import type { SearchMode } from '../search/search.types.js';
import { semanticScores } from './fusion.js';
import type { GraphExpander } from './graph-expander.js';
import type { NormalizedRetrieveQuery } from './retrieve-query.js';
import { planForRoute } from './route-query.js';
import type { QueryRoute } from './retrieve.types.js';

/** A candidate before validation: where it ranked and how relevant it looked. */
export interface Candidate {
  id: string;
  semantic: number;
  vector?: number;
  keyword?: number;
  /** The search hit it was reached from, for graph-expanded candidates. */
  expandedFrom?: string;
}

/** The candidate set and how it was obtained. */
export interface GatheredCandidates {
  candidates: Candidate[];
  mode: SearchMode;
  degraded?: string;
  pendingEmbeddings?: number;
  graphExpansion?: 'applied' | 'unavailable';
}

/** Graph hits score their graph weight times the relevance of the hit they came from. */
async function expand(graph: GraphExpander, seeds: Candidate[], q: NormalizedRetrieveQuery): Promise<Candidate[]> {
  const seedIds = seeds.slice(0, q.topK).map((c) => c.id);
  if (seedIds.length === 0) return [];
  const bySeed = new Map(seeds.map((c) => [c.id, c.semantic]));
  const hits = await graph.expand(seedIds, { scopes: q.scopes, limit: q.topK });
  return hits
    .filter((h) => !bySeed.has(h.id))
    .map((h) => ({ id: h.id, semantic: Math.min(1, Math.max(0, h.score)) * (bySeed.get(h.via) ?? 0), expandedFrom: h.via }));
}

/**
 * Stage 2 of the pipeline: over-fetched search candidates (seed 004 step 3: top-k × 3, more for
 * exploratory queries) with a semantic score in [0, 1], plus graph neighbours for multi-hop
 * queries. Nothing here is trusted yet: the caller validates every id against stored state.
 */
export async function gatherCandidates(
  search: SearchService, graph: GraphExpander | null, q: NormalizedRetrieveQuery, route: QueryRoute, rrfK: number,
): Promise<GatheredCandidates> {
  const plan = planForRoute(route);
  const response = await search.search({
    text: q.text, mode: q.mode, topK: Math.min(MAX_TOP_K, q.topK * plan.overFetch), scopes: q.scopes, types: q.types, tags: q.tags,
    includeArchived: q.includeArchived, createdAfter: q.createdAfter, createdBefore: q.createdBefore, weights: q.weights,
    listDepth: q.topK * SEARCH_OVER_FETCH,
  });
  const scored = semanticScores(response.results, response.mode, q.fusion, q.weights, rrfK);
  // A vector hit must be similar enough on its own unless keyword search found it too, or the turns
  // around it in its session matched (ADR-0041): then it does not stand on the vector list alone.
  const relevant = scored.filter(({ result }) =>
    result.keywordScore !== undefined || result.contextScore !== undefined || (result.vectorScore ?? 1) >= q.minRelevance);
  const candidates: Candidate[] = relevant.map(({ result, semantic }) => ({
    id: result.record.id, semantic,
    ...(result.vectorScore !== undefined && { vector: result.vectorScore }),
    ...(result.keywordScore !== undefined && { keyword: result.keywordScore }),
  }));
  const out: GatheredCandidates = { candidates, mode: response.mode };
  if (response.degraded !== undefined) out.degraded = response.degraded;
  if (response.pendingEmbeddings !== undefined) out.pendingEmbeddings = response.pendingEmbeddings;
  if (plan.expandGraph) {
    out.graphExpansion = graph ? 'applied' : 'unavailable';
    if (graph) candidates.push(...(await expand(graph, candidates, q)));
  }
  return out;
}
