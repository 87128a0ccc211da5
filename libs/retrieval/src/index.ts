/*
 * @engram/retrieval: hybrid (vector + keyword, weighted RRF) search over memory records, the
 * validated/ranked/budgeted retrieval pipeline on top of it, the cascade review queue, the
 * embedding indexer job, access bookkeeping for recall, and graph expansion (personalised PageRank
 * over memory_edges).
 * Any new export added here becomes public API.
 */
export { touchMemories } from './access/touch.js';
export { InvalidSearchQueryError, RetrievalError } from './errors.js';
export type { RetrievalErrorCode } from './errors.js';
export { createEmbeddingIndexer } from './indexer/embedding-indexer.js';
export { countPendingEmbeddings } from './queries/pending-embeddings.query.js';
export type { EmbeddingModelId } from './queries/vector-search.query.js';
export type { EmbeddingIndexer, EmbeddingIndexerDeps, IndexRunResult } from './indexer/embedding-indexer.js';
export { EMBED_MEMORIES_JOB, registerEmbeddingJobs, requestEmbedding } from './indexer/embedding-jobs.js';
export type { EmbeddingJobOptions } from './indexer/embedding-jobs.js';
export type { EmbeddingJobQueue, PassageEmbedder, QueryEmbedder } from './ports.js';
export { DEFAULT_RRF_K, fuseRrf } from './search/rrf.js';
export type { FusedEntry, RankedList } from './search/rrf.js';
export { DEFAULT_TOP_K, MAX_TOP_K } from './search/search-query.js';
export { createSearchService, DEFAULT_SEARCH_DEFAULTS } from './search/search.service.js';
export type { SearchService, SearchServiceDeps } from './search/search.service.js';
export type {
  FusionWeights, SearchDefaults, SearchMode, SearchQuery, SearchResponse, SearchResult,
} from './search/search.types.js';
export { expandByGraph } from './graph/graph-expansion.js';
export type { GraphExpansionDeps, GraphExpansionQuery } from './graph/graph-expansion.js';
export { DEFAULT_EDGE_KIND_WEIGHTS } from './graph/graph.types.js';
export type { EdgeKindWeights, GraphEdge, GraphExpansion, GraphExpansionResult, GraphStep } from './graph/graph.types.js';
export { DEFAULT_DAMPING, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE, personalizedPageRank } from './graph/pagerank.js';
export type { PageRankOptions, PageRankResult, WeightedEdge } from './graph/pagerank.js';
export { createRetrievalPipeline } from './pipeline/retrieval-pipeline.js';
export type { DecayFactorsPort, RetrievalPipeline, RetrievalPipelineDeps } from './pipeline/retrieval-pipeline.js';
export type { DecayFactorTable } from './pipeline/record-state.query.js';
export { DEFAULT_RETRIEVAL_DEFAULTS, MAX_MAX_TOKENS, MIN_MAX_TOKENS } from './pipeline/retrieve-query.js';
export type { RetrievalDefaults } from './pipeline/retrieve-query.js';
export { MAX_VALIDATE_IDS } from './pipeline/validate-ids.js';
export { DEFAULT_RANKING_WEIGHTS } from './pipeline/ranking.js';
export { routeQuery } from './pipeline/route-query.js';
export { contradictionBetween, detectContradictions } from './pipeline/contradictions.js';
export { estimateJsonTokens, fitToTokenBudget } from './pipeline/token-budget.js';
export { memoryUrl } from './pipeline/citation.js';
export type { GraphExpander, GraphExpandOptions, GraphExpansionHit } from './pipeline/graph-expander.js';
export { DATA_NOT_INSTRUCTIONS } from './pipeline/retrieve.types.js';
export type {
  Citation, ContentOnlyMemory, Contradiction, DeliveredMemory, Exclusion, ExclusionReason, FusionMethod, Provenance, QueryRoute,
  RankingWeights, ResultIssue, ResultIssueCode, ResultScores, RetrievedMemory, RetrieveQuery, RetrieveResponse, TokenBudgetReport,
  ValidateRequest, ValidationIssue, ValidationReport,
} from './pipeline/retrieve.types.js';
export { createCascadeReviewQueue } from './review/cascade-review.queue.js';
export type { CascadeFlag, CascadeReview, CascadeReviewQueue } from './review/cascade-review.queue.js';
export { createPageRankGraphExpander } from './graph/pagerank-graph-expander.js';
