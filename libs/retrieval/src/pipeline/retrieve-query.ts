import { InvalidSearchQueryError } from '../errors.js';
import { MAX_TOP_K } from '../search/search-query.js';
import type { FusionWeights, SearchMode } from '../search/search.types.js';
import { DEFAULT_RANKING_WEIGHTS, rankingWeightsProblem } from './ranking.js';
import type { FusionMethod, QueryRoute, RankingWeights, RetrieveQuery } from './retrieve.types.js';
import { DEFAULT_SEARCH_DEFAULTS } from '../search/search.service.js';

/** Pipeline-wide defaults; each may be overridden per query. */
export interface RetrievalDefaults {
  topK: number;
  maxTokens: number;
  /** Drop memories whose decayed confidence is below this (0.1 by default; seed 004 says 0.3, see ADR-0011). */
  minConfidence: number;
  minRelevance: number;
  weights: FusionWeights;
  fusion: FusionMethod;
  ranking: RankingWeights;
}

export const DEFAULT_RETRIEVAL_DEFAULTS: Readonly<RetrievalDefaults> = Object.freeze({
  topK: 10,
  maxTokens: 8000,
  // The lifecycle's archive threshold (SPEC 7), not seed 004's 0.3: a record stays findable until
  // the sweep archives it with an audit entry, so decay reorders but never silently hides (ADR-0011).
  minConfidence: 0.1,
  minRelevance: 0.2,
  // memory.search's list weights (ADR-0033, ADR-0041): retrieve ranks what search ranks.
  weights: { vector: DEFAULT_SEARCH_DEFAULTS.vectorWeight, keyword: DEFAULT_SEARCH_DEFAULTS.keywordWeight },
  // Normalised, not RRF: the fused relevance is blended additively with recency and access, so it
  // must keep the magnitude of the list scores; RRF/(best RRF) squeezes the candidates into a narrow
  // band where a few months of age outweigh rank (ADR-0011, measured by bench:quality).
  fusion: 'normalized' as const,
  ranking: DEFAULT_RANKING_WEIGHTS,
});

export const MIN_MAX_TOKENS = 50;
export const MAX_MAX_TOKENS = 200_000;
const MAX_WEIGHT = 100;

/** A retrieval request with every default applied and every value checked. */
export interface NormalizedRetrieveQuery {
  text: string;
  scopes: string[];
  mode: SearchMode;
  topK: number;
  types?: string[];
  tags?: string[];
  includeArchived: boolean;
  createdAfter?: Date;
  createdBefore?: Date;
  minConfidence: number;
  minRelevance: number;
  weights: FusionWeights;
  fusion: FusionMethod;
  ranking: RankingWeights;
  maxTokens: number;
  route: QueryRoute | 'auto';
}

function fail(message: string): never {
  throw new InvalidSearchQueryError(message);
}

function intIn(name: string, value: number | undefined, fallback: number, lo: number, hi: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail(`${name} must be an integer in ${lo}..${hi}, got ${String(value)}`);
  return v;
}

function weightsOf(w: FusionWeights | undefined, fallback: FusionWeights): FusionWeights {
  const v = w ?? fallback;
  const ok = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= MAX_WEIGHT;
  if (typeof v !== 'object' || v === null || !ok(v.vector) || !ok(v.keyword) || v.vector + v.keyword <= 0) {
    fail(`weights must be { vector, keyword } numbers in 0..${MAX_WEIGHT}, not both 0`);
  }
  return { vector: v.vector, keyword: v.keyword };
}

function dateOf(name: string, d: Date | undefined): Date | undefined {
  if (d !== undefined && (!(d instanceof Date) || Number.isNaN(d.getTime()))) fail(`${name} must be a valid date`);
  return d;
}

function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly T[], fallback: T): T {
  const v = value ?? fallback;
  if (!allowed.includes(v)) fail(`${name} must be one of ${allowed.join(', ')}, got ${String(value)}`);
  return v;
}

function rankingOf(partial: Partial<RankingWeights> | undefined, fallback: RankingWeights): RankingWeights {
  const r = { ...fallback, ...partial };
  const problem = rankingWeightsProblem(r);
  if (problem) fail(problem);
  return r;
}

/** Validates a retrieval request (InvalidSearchQueryError names the bad field) and applies defaults. */
export function normalizeRetrieveQuery(q: RetrieveQuery, d: RetrievalDefaults): NormalizedRetrieveQuery {
  if (typeof q.text !== 'string') fail('text must be a string');
  if (!Array.isArray(q.scopes) || q.scopes.some((s) => typeof s !== 'string')) fail('scopes is required: the list of scopes the caller may see');
  const minConfidence = q.minConfidence ?? d.minConfidence;
  if (typeof minConfidence !== 'number' || !(minConfidence >= 0 && minConfidence <= 1)) fail(`minConfidence must be in 0..1, got ${String(q.minConfidence)}`);
  const minRelevance = q.minRelevance ?? d.minRelevance;
  if (typeof minRelevance !== 'number' || !(minRelevance >= 0 && minRelevance <= 1)) fail(`minRelevance must be in 0..1, got ${String(q.minRelevance)}`);
  return {
    text: q.text.trim(),
    scopes: [...new Set(q.scopes)],
    mode: oneOf('mode', q.mode, ['hybrid', 'vector', 'keyword'], 'hybrid'),
    topK: intIn('topK', q.topK, d.topK, 1, MAX_TOP_K),
    types: q.types, tags: q.tags,
    includeArchived: q.includeArchived === true,
    createdAfter: dateOf('createdAfter', q.createdAfter),
    createdBefore: dateOf('createdBefore', q.createdBefore),
    minConfidence,
    minRelevance,
    weights: weightsOf(q.weights, d.weights),
    fusion: oneOf('fusion', q.fusion, ['rrf', 'normalized'], d.fusion),
    ranking: rankingOf(q.ranking, d.ranking),
    maxTokens: intIn('maxTokens', q.maxTokens, d.maxTokens, MIN_MAX_TOKENS, MAX_MAX_TOKENS),
    route: oneOf('route', q.route, ['auto', 'simple', 'multi_hop', 'exploratory', 'skip'], 'auto'),
  };
}
