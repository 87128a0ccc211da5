import type { MemoryRecord } from '@engram/memory';

/** How candidates are found: embeddings, Postgres full text, or both fused by min-max score fusion (ADR-0020). */
export type SearchMode = 'hybrid' | 'vector' | 'keyword';

/** Relative weight of each ranked list in hybrid fusion. */
export interface FusionWeights {
  vector: number;
  keyword: number;
}

/** Service-wide defaults (list weights vector 0.4 / keyword 0.6, ADR-0041; RRF k = 60 for memory.retrieve's rrf fusion). */
export interface SearchDefaults {
  vectorWeight: number;
  keywordWeight: number;
  rrfK: number;
}

/** A search request. `scopes` is the caller's visibility: nothing outside it is ever returned. */
export interface SearchQuery {
  text: string;
  mode?: SearchMode;
  /** 1..100, default 10. */
  topK?: number;
  /** Exact scopes the caller may see, e.g. `['global', 'project:x']`. An empty list sees nothing. */
  scopes: string[];
  types?: string[];
  /** Records carrying at least one of these tags. */
  tags?: string[];
  includeArchived?: boolean;
  /** Drops results whose `score` (of the chosen mode) is below this. */
  minScore?: number;
  minConfidence?: number;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Hybrid only; overrides the service defaults. */
  weights?: FusionWeights;
  /**
   * Hybrid only: how many candidates each list reads before fusion (default topK × the service's
   * over-fetch). memory.retrieve asks for more results than it returns but keeps the lists
   * memory.search reads for its top k, so the two rank alike (issue 16).
   */
  listDepth?: number;
}

/** One ranked hit. Ranks are 1-based positions in each candidate list the record appeared in. */
export interface SearchResult {
  record: MemoryRecord;
  /** hybrid: min-max score fusion in 0..1 (ADR-0020); vector: cosine similarity; keyword: BM25 / the query's best possible BM25, 0..1. */
  score: number;
  vectorRank?: number;
  keywordRank?: number;
  /** Cosine similarity (1 - cosine distance). */
  vectorScore?: number;
  keywordScore?: number;
  /** Hybrid: the context its session neighbours lent it (0..1, ADR-0041), when they lent any. */
  contextScore?: number;
}

/** Results plus how they were obtained. */
export interface SearchResponse {
  results: SearchResult[];
  /** The mode actually used (hybrid/vector degrade to keyword when embeddings are unavailable). */
  mode: SearchMode;
  /** Why the requested mode could not be honoured, when it could not. */
  degraded?: string;
  /** Visible records not (yet) vector-indexed with the current model; only for vector/hybrid. */
  pendingEmbeddings?: number;
}
