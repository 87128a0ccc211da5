import type { Kysely } from 'kysely';
import { createTypeRegistry, type MemoryDatabase, type TypeRegistry } from '@engram/memory';
import type { QueryEmbedder } from '../ports.js';
import { DEFAULT_RRF_K } from '../search/rrf.js';
import { createSearchService, type SearchService } from '../search/search.service.js';
import type { CascadeReviewQueue } from '../review/cascade-review.queue.js';
import { buildResults } from './build-results.js';
import { gatherCandidates } from './gather-candidates.js';
import type { GraphExpander } from './graph-expander.js';
import { rankCandidates } from './rank-candidates.js';
import { loadRecordStates, type DecayFactorTable } from './record-state.query.js';
import { DEFAULT_RETRIEVAL_DEFAULTS, normalizeRetrieveQuery, type NormalizedRetrieveQuery, type RetrievalDefaults } from './retrieve-query.js';
import { DATA_NOT_INSTRUCTIONS, type QueryRoute, type RetrieveQuery, type RetrieveResponse, type ValidateRequest, type ValidationReport } from './retrieve.types.js';
import { routeQuery } from './route-query.js';
import { fitToTokenBudget } from './token-budget.js';
import { validateIds } from './validate-ids.js';

/** Dependencies of {@link createRetrievalPipeline}. */
export interface RetrievalPipelineDeps {
  /** A kysely handle over the engram database (infra's `DatabaseHandle.db` fits). */
  db: Kysely<any>;
  /** null/absent: vector and hybrid degrade to keyword and say so. */
  embedder?: QueryEmbedder | null;
  /** Defaults to a search service over `db` and `embedder`. */
  search?: SearchService;
  /** Half-lives for confidence decay; defaults to the built-in types. */
  registry?: TypeRegistry;
  /** Multi-hop queries expand through it; absent, they are answered by search alone (`graphExpansion: 'unavailable'`). */
  graph?: GraphExpander | null;
  /** Where cascades are queued for review; absent, they are only flagged in results. */
  reviewQueue?: CascadeReviewQueue | null;
  defaults?: Partial<RetrievalDefaults>;
  clock?: () => Date;
  /** Must match the search service's RRF k (default 60). */
  rrfK?: number;
  /** Called when queueing a cascade fails; the answer is delivered regardless. */
  onReviewQueueError?: (err: unknown) => void;
  /**
   * Per-memory half-life factors earned by outcome feedback (lifecycle, ADR-0014): ranking decays
   * each candidate with its type's half-life times this factor. Absent: every factor is 1.
   */
  decayFactors?: DecayFactorsPort;
  /**
   * Where those factors are stored: given, they come with the record states in the same read
   * (ADR-0042) and `decayFactors` is not called by retrieve.
   */
  decayFactorTable?: DecayFactorTable;
}

/** Reads the half-life factors of memories (missing ids mean 1). */
export type DecayFactorsPort = (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/** Validated, ranked, budgeted retrieval (SPEC 5; seed 000 FR-03/FR-04, seed 004 pipeline). */
export interface RetrievalPipeline {
  /**
   * Retrieves for a query. Empty/skip queries return no results; malformed requests throw
   * InvalidSearchQueryError. Every result is a current, stored record from `query.scopes`.
   */
  retrieve(query: RetrieveQuery): Promise<RetrieveResponse>;
  /** Validates records by id: per id, whether it is current knowledge and why not. Unknown ids are reported, not thrown. */
  validate(request: ValidateRequest): Promise<ValidationReport[]>;
}

function emptyResponse(q: NormalizedRetrieveQuery, route: QueryRoute): RetrieveResponse {
  return {
    results: [], citations: [], contradictions: [], excluded: [], route, mode: q.mode, fusion: q.fusion, notice: DATA_NOT_INSTRUCTIONS,
    budget: { maxTokens: q.maxTokens, usedTokens: 0, tokenBudgetExceeded: false, excludedCount: 0, contentOnlyCount: 0, truncatedCount: 0 },
  };
}

interface Ctx {
  db: Kysely<MemoryDatabase>;
  search: SearchService;
  deps: RetrievalPipelineDeps;
  defaults: RetrievalDefaults;
  registry: TypeRegistry;
  clock: () => Date;
  rrfK: number;
}

async function queueCascades(ctx: Ctx, flags: Parameters<CascadeReviewQueue['flag']>[0]): Promise<void> {
  if (!ctx.deps.reviewQueue || flags.length === 0) return;
  await ctx.deps.reviewQueue.flag(flags).catch((err: unknown) => ctx.deps.onReviewQueueError?.(err));
}

async function retrieve(ctx: Ctx, query: RetrieveQuery): Promise<RetrieveResponse> {
  const q = normalizeRetrieveQuery(query, ctx.defaults);
  const route = q.route === 'auto' ? routeQuery(q.text) : q.route;
  if (q.text === '' || route === 'skip' || q.scopes.length === 0) return emptyResponse(q, route);
  const gathered = await gatherCandidates(ctx.search, ctx.deps.graph ?? null, q, route, ctx.rrfK);
  const { states, sources, factors: stored } = await loadRecordStates(ctx.db, gathered.candidates.map((c) => c.id), ctx.deps.decayFactorTable);
  const now = ctx.clock();
  const halfLifeDays = (type: string) => ctx.registry.halfLifeDays(type);
  const embeddingModel = ctx.deps.embedder?.modelName ?? null;
  const factors = stored ?? (ctx.deps.decayFactors && states.size > 0 ? await ctx.deps.decayFactors([...states.keys()]) : undefined);
  const halfLifeFactor = (id: string) => factors?.get(id) ?? 1;
  const { ranked, excluded } = rankCandidates(gathered.candidates, states, q, { now, halfLifeDays, halfLifeFactor, embeddingModel });
  const top = ranked.slice(0, q.topK);
  const { memories, contradictions, flags } = buildResults(top, sources, q.scopes);
  await queueCascades(ctx, flags);
  const { delivered, report } = fitToTokenBudget(memories, q.maxTokens);
  const response: RetrieveResponse = {
    ...emptyResponse(q, route), results: delivered, mode: gathered.mode, budget: report, excluded,
    citations: memories.slice(0, delivered.length).map((m) => m.citation),
    contradictions: contradictions.filter((c) => c.ids.every((id) => delivered.some((d) => d.id === id))),
  };
  if (gathered.degraded !== undefined) response.degraded = gathered.degraded;
  if (gathered.pendingEmbeddings !== undefined) response.pendingEmbeddings = gathered.pendingEmbeddings;
  if (gathered.graphExpansion !== undefined) response.graphExpansion = gathered.graphExpansion;
  return response;
}

/** Creates the pipeline. Reads only, except queueing cascades for review (cascade_reviews, not a memory table). */
export function createRetrievalPipeline(deps: RetrievalPipelineDeps): RetrievalPipeline {
  const rrfK = deps.rrfK ?? DEFAULT_RRF_K;
  const ctx: Ctx = {
    db: deps.db as Kysely<MemoryDatabase>,
    search: deps.search ?? createSearchService({ db: deps.db, embedder: deps.embedder ?? null, defaults: { rrfK }, clock: deps.clock }),
    deps, rrfK,
    defaults: { ...DEFAULT_RETRIEVAL_DEFAULTS, ...deps.defaults },
    registry: deps.registry ?? createTypeRegistry(),
    clock: deps.clock ?? (() => new Date()),
  };
  return {
    retrieve: (query) => retrieve(ctx, query),
    validate: (request) => validateIds({
      db: ctx.db, search: ctx.search, registry: ctx.registry, now: ctx.clock(), queue: (f) => queueCascades(ctx, f),
      ...(ctx.deps.decayFactors ? { decayFactors: ctx.deps.decayFactors } : {}),
      ...(ctx.deps.decayFactorTable ? { decayFactorTable: ctx.deps.decayFactorTable } : {}),
    }, request),
  };
}
