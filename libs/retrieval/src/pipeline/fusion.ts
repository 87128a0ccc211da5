import { DEFAULT_RRF_K } from '../search/rrf.js';
import type { FusionWeights, SearchMode, SearchResult } from '../search/search.types.js';
import type { FusionMethod } from './retrieve.types.js';

/** A search hit with its semantic score mapped to [0, 1] for re-ranking. */
export interface ScoredCandidate {
  result: SearchResult;
  semantic: number;
}

/**
 * The best RRF score a record can get (rank 1 in every list). Dividing by it maps fused scores to
 * [0, 1] on an absolute scale, so a weak best hit stays weak instead of being stretched to 1.
 */
export function maxRrfScore(weights: FusionWeights, k: number = DEFAULT_RRF_K): number {
  return (weights.vector + weights.keyword) / (k + 1);
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Semantic score per candidate for the mode and fusion actually used. Normalised hybrid takes the
 * search's own fused score (the same min-max fusion over the full candidate lists, ADR-0020):
 * fusing again over the over-fetched top would re-stretch the lists and rank differently from
 * `memory.search` for no reason (issue 16: fuse once).
 */
export function semanticScores(
  results: SearchResult[], mode: SearchMode, fusion: FusionMethod, weights: FusionWeights, rrfK: number,
): ScoredCandidate[] {
  if (mode === 'hybrid' && fusion === 'normalized') return results.map((result) => ({ result, semantic: clamp01(result.score) }));
  if (mode === 'hybrid') {
    // Weighted RRF from each hit's list ranks (search itself fuses by score, ADR-0020).
    const max = maxRrfScore(weights, rrfK);
    const rrf = (r: SearchResult) =>
      (r.vectorRank === undefined ? 0 : weights.vector / (rrfK + r.vectorRank)) + (r.keywordRank === undefined ? 0 : weights.keyword / (rrfK + r.keywordRank));
    return results.map((result) => ({ result, semantic: clamp01(rrf(result) / max) }));
  }
  // vector: cosine similarity; keyword: ts_rank_cd normalised to [0, 1).
  return results.map((result) => ({ result, semantic: clamp01(result.score) }));
}
