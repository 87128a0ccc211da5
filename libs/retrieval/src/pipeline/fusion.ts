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

function minMax(values: number[]): (v: number | undefined) => number {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return (v) => (v === undefined ? 0 : hi > lo ? (v - lo) / (hi - lo) : 1);
}

/**
 * The alternative fusion of seed 000 FR-03: weighted average of min-max normalised list scores
 * (cosine similarity, ts_rank); a record missing from a list scores 0 there.
 */
export function normalizedFusion(results: SearchResult[], weights: FusionWeights): ScoredCandidate[] {
  const vec = minMax(results.flatMap((r) => (r.vectorScore === undefined ? [] : [r.vectorScore])));
  const kw = minMax(results.flatMap((r) => (r.keywordScore === undefined ? [] : [r.keywordScore])));
  const total = weights.vector + weights.keyword;
  return results
    .map((result) => ({ result, semantic: (weights.vector * vec(result.vectorScore) + weights.keyword * kw(result.keywordScore)) / total }))
    .sort((a, b) => b.semantic - a.semantic || (a.result.record.id < b.result.record.id ? -1 : 1));
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Semantic score per candidate for the mode and fusion actually used. */
export function semanticScores(
  results: SearchResult[], mode: SearchMode, fusion: FusionMethod, weights: FusionWeights, rrfK: number,
): ScoredCandidate[] {
  if (mode === 'hybrid' && fusion === 'normalized') return normalizedFusion(results, weights);
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
