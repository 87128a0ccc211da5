import type { Kysely } from 'kysely';
import { capitalisedWords, toMemoryRecord, withoutSpeakers, type MemoryDatabase, type MemoryRow, type TimeWindow } from '@engram/memory';
import type { QueryEmbedder } from '../ports.js';
import type { VisibilityFilter } from '../queries/visibility.filter.js';
import { readCandidates, type CandidateRead, type CandidateReadSpec, type KeywordCandidate, type VectorCandidate } from '../queries/candidate-read.query.js';
import type { EmbeddingModelId } from '../queries/vector-search.query.js';
import { DEFAULT_RRF_K } from './rrf.js';
import { boostDated, datedWindows } from './date-boost.js';
import { fuseScores } from './score-fusion.js';
import { KnownSpeakers } from './known-speakers.js';
import { withNeighbourContext, withSessionContext, type Neighbour } from './session-context.js';
import { speakersNamed, withTurnPriors } from './turn-priors.js';
import { normalizeSearchQuery, type NormalizedSearchQuery } from './search-query.js';
import type { SearchDefaults, SearchMode, SearchQuery, SearchResponse, SearchResult } from './search.types.js';

/**
 * Keyword-leaning list weights (ADR-0033, ADR-0041): with BM25 (ADR-0019) the keyword list is the
 * stronger one on both evaluation sets — templated agent notes (R@10 0.952 vs 0.939) and real
 * conversations (74.1 vs 55.3). Once the sentence model reads questions without the speakers they
 * name, 0.4 / 0.6 beat 0.3 / 0.7 on the conversations (hybrid R@10 85.2 vs 84.0; 0.5 / 0.5: 85.7,
 * with a lower MRR) and keep the templates where they were.
 */
export const DEFAULT_SEARCH_DEFAULTS: Readonly<SearchDefaults> = Object.freeze({
  vectorWeight: 0.4,
  keywordWeight: 0.6,
  rrfK: DEFAULT_RRF_K,
});

/** Hybrid reads this many candidates per list for each result asked (the top k × 4). */
export const SEARCH_OVER_FETCH = 4;

/** Dependencies of {@link createSearchService}. */
export interface SearchServiceDeps {
  /** A kysely handle or transaction over the memory tables (infra's `DatabaseHandle.db` fits). */
  db: Kysely<MemoryDatabase> | Kysely<any>;
  /** null/absent: vector and hybrid searches degrade to keyword and say so. */
  embedder?: QueryEmbedder | null;
  defaults?: Partial<SearchDefaults>;
  /** "Now" for valid-time filtering. */
  clock?: () => Date;
  /** Hybrid fetches `overFetch × topK` candidates per list before fusing (default 4). */
  overFetch?: number;
}

/** Hybrid, vector and keyword search over the memory head rows. */
export interface SearchService {
  /**
   * Returns at most `topK` current records from `query.scopes` only, best first. An empty or
   * whitespace query returns no results. Throws InvalidSearchQueryError for malformed queries.
   */
  search(query: SearchQuery): Promise<SearchResponse>;
}

interface Ctx {
  db: Kysely<MemoryDatabase>;
  embedder: QueryEmbedder | null;
  defaults: SearchDefaults;
  clock: () => Date;
  overFetch: number;
  speakers: KnownSpeakers;
}

type QueryVector = { vector: Float32Array } | { degraded: string };

async function embedForSearch(embedder: QueryEmbedder | null, text: string): Promise<QueryVector> {
  if (embedder === null) return { degraded: 'vector search unavailable: no embedding model loaded — keyword results only' };
  try {
    return { vector: await embedder.embedQuery(text) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { degraded: `vector search unavailable: embedding the query failed (${reason}) — keyword results only` };
  }
}

function keywordResults(rows: KeywordCandidate[]): SearchResult[] {
  return rows.map((row, i) => {
    const score = Number(row.keyword_score);
    return { record: toMemoryRecord(row), score, keywordRank: i + 1, keywordScore: score };
  });
}

function vectorResults(rows: VectorCandidate[]): SearchResult[] {
  return rows.map((row, i) => {
    const score = 1 - Number(row.distance);
    return { record: toMemoryRecord(row), score, vectorRank: i + 1, vectorScore: score };
  });
}

/**
 * Session context (ADR-0020) on the keyword list and named dates (date-boost.ts) on both lists.
 * The vector list stays plain dense retrieval: giving it the predecessor's similarity too ranked
 * worse once fused (dev conversations, weights 0.3 / 0.7: R@10 / MRR@10 76.6 / 45.9 with it, 77.1 /
 * 47.7 without; ADR-0033) — a turn's meaning is in its own embedding, its words often in the turn before.
 */
function inContext(
  lists: { kw: KeywordCandidate[]; vec: VectorCandidate[]; limit: number }, neighbours: readonly Neighbour[], windows: readonly TimeWindow[],
): { kw: KeywordCandidate[]; vec: VectorCandidate[] } {
  const { kw, vec, limit } = lists;
  const kwHits = kw.map((row) => ({ row, score: Number(row.keyword_score) }));
  const kwScored = boostDated(withSessionContext(kwHits, neighbours, (row) => ({ ...row, keyword_score: 0 })), windows);
  const dated = windows.length === 0
    ? vec
    : boostDated(vec.map((row) => ({ row, score: 1 - Number(row.distance) })), windows).map(({ row, score }) => ({ ...row, distance: 1 - score }));
  return { kw: kwScored.slice(0, limit).map(({ row, score }) => ({ ...row, keyword_score: score })), vec: dated };
}

// Hybrid: convex combination of min-max normalised cosine and BM25 scores (ADR-0020), then each
// hit's session neighbours as context and the turn priors (ADR-0041).
function fuse(q: NormalizedSearchQuery, lists: { kw: KeywordCandidate[]; vec: VectorCandidate[] }, neighbours: readonly Neighbour[]): SearchResult[] {
  const { kw, vec } = lists;
  const rows = new Map<string, MemoryRow>([...kw, ...vec].map((r) => [r.id, r]));
  const vectorScores = new Map(vec.map((r) => [r.id, 1 - Number(r.distance)]));
  const keywordScores = new Map(kw.map((r) => [r.id, Number(r.keyword_score)]));
  const vectorRanks = new Map(vec.map((r, i) => [r.id, i + 1]));
  const keywordRanks = new Map(kw.map((r, i) => [r.id, i + 1]));
  const fused = fuseScores({ vector: { weight: q.weights.vector, scores: vectorScores }, keyword: { weight: q.weights.keyword, scores: keywordScores } });
  return withTurnPriors(withNeighbourContext(fused, neighbours, rows), rows, q.text).map((e) => ({
    record: toMemoryRecord(rows.get(e.id) as MemoryRow),
    score: e.score,
    ...(e.context !== undefined && { contextScore: e.context }),
    ...(vectorRanks.has(e.id) && { vectorRank: vectorRanks.get(e.id) as number, vectorScore: vectorScores.get(e.id) as number }),
    ...(keywordRanks.has(e.id) && { keywordRank: keywordRanks.get(e.id) as number, keywordScore: keywordScores.get(e.id) as number }),
  }));
}

/** How many keyword matches of its capitalised words a vector search reads to tell which are speakers. */
export const SPEAKER_PROBE_DEPTH = 30;

/**
 * The keyword part of the candidate read: hybrid and keyword searches read the query's BM25
 * candidates; a vector search reads the best matches of the query's capitalised words alone
 * (their own turns say "Name: …"), only to tell which of them are speakers.
 */
function keywordPart(mode: SearchMode, text: string, limit: number, windows: readonly TimeWindow[]): CandidateReadSpec['keyword'] {
  if (mode !== 'vector') return { text, limit, windows };
  const names = capitalisedWords(text);
  return names.length === 0 ? undefined : { text: names.join(' '), limit: SPEAKER_PROBE_DEPTH, windows: [] };
}

interface Plan {
  mode: SearchMode;
  degraded?: string;
  /** The speakers the query was embedded without. */
  guessed: readonly string[];
  /** How deep each list is read, and the dates the query names. */
  limit: number;
  windows: readonly TimeWindow[];
  spec: CandidateReadSpec;
}

const NO_MODEL = 'vector search unavailable: no embedding model loaded — keyword results only';

/** The read of a keyword search, or of a search whose query could not be embedded. */
function keywordPlan(q: NormalizedSearchQuery, filter: VisibilityFilter, base: Omit<Plan, 'mode' | 'spec' | 'guessed'>, pendingFor?: EmbeddingModelId | null): Plan {
  const limit = q.mode === 'vector' ? q.topK : base.limit;
  const spec: CandidateReadSpec = { filter, keyword: { text: q.text, limit, windows: base.windows }, neighbours: 'next' };
  if (pendingFor !== undefined) spec.pendingFor = pendingFor;
  return { ...base, mode: 'keyword', guessed: [], spec };
}

/**
 * The sentence model reads the query without the speakers it names (ADR-0041): every turn carries
 * its speaker, so the name tells it nothing about what was said. Which capitalised words are
 * speakers is known only once keyword candidates are in, and the query is embedded before the one
 * candidate read (ADR-0042), so it is embedded without the speakers this process has seen
 * (KnownSpeakers); {@link rightVector} checks the guess against the read.
 */
async function planRead(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter, model: EmbeddingModelId | null): Promise<Plan> {
  const base = { windows: datedWindows(q.text, filter.now), limit: q.mode === 'hybrid' ? Math.max(q.topK, q.listDepth ?? q.topK * ctx.overFetch) : q.topK };
  if (q.mode === 'keyword') return keywordPlan(q, filter, base);
  const guessed = ctx.speakers.guess(filter.scopes, capitalisedWords(q.text));
  const embedded = await embedForSearch(ctx.embedder, withoutSpeakers(q.text, guessed));
  if (!('vector' in embedded) || !model) return { ...keywordPlan(q, filter, base, model), degraded: 'degraded' in embedded ? embedded.degraded : NO_MODEL };
  const keyword = keywordPart(q.mode, q.text, base.limit, base.windows);
  const spec: CandidateReadSpec = { filter, pendingFor: model, vector: { queryVector: embedded.vector, model, limit: base.limit } };
  if (keyword) spec.keyword = keyword;
  if (q.mode === 'hybrid') spec.neighbours = 'both';
  return { ...base, mode: q.mode, guessed, spec };
}

/**
 * When the read shows the query names other speakers than guessed, the query is embedded again
 * without the right ones and the vector list (with its neighbours) read again: a wrong guess costs
 * a second read, never a different answer. Returns the read to rank and the mode it serves.
 */
async function rightVector(ctx: Ctx, q: NormalizedSearchQuery, plan: Plan, read: CandidateRead): Promise<{ read: CandidateRead; mode: SearchMode; degraded?: string }> {
  const { spec } = plan;
  if (spec.vector === undefined) return { read, mode: plan.mode, ...(plan.degraded !== undefined && { degraded: plan.degraded }) };
  const text = withoutSpeakers(q.text, speakersNamed(q.text, read.keyword));
  if (text === withoutSpeakers(q.text, plan.guessed)) return { read, mode: plan.mode };
  const embedded = await embedForSearch(ctx.embedder, text);
  if ('degraded' in embedded) {
    // A vector search read its keyword part only to tell speakers; it now needs the real keyword read.
    const keyword = plan.mode === 'vector' ? await readCandidates(ctx.db, keywordPlan(q, spec.filter, plan).spec) : { ...read, vector: [] };
    return { read: { ...keyword, pending: read.pending }, mode: 'keyword', degraded: embedded.degraded };
  }
  const again = await readCandidates(ctx.db, {
    filter: spec.filter, vector: { ...spec.vector, queryVector: embedded.vector }, ...(spec.neighbours && { neighbours: spec.neighbours }),
  });
  ctx.speakers.learn([...again.vector, ...again.neighbours]);
  return { read: { ...read, vector: again.vector, neighbours: [...read.neighbours, ...again.neighbours] }, mode: plan.mode };
}

// One candidate read (ADR-0042): the query is embedded first, then keyword candidates, vector
// candidates, their session neighbours and the pending count come back in one statement.
async function rankedResults(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter) {
  const model = ctx.embedder && { name: ctx.embedder.modelName, version: ctx.embedder.modelVersion };
  const plan = await planRead(ctx, q, filter, model);
  const first = await readCandidates(ctx.db, plan.spec);
  ctx.speakers.learn([...first.keyword, ...first.vector, ...first.neighbours]);
  const { read, mode, degraded } = await rightVector(ctx, q, plan, first);
  // A vector search's keyword rows only told it the speakers; they are no candidates.
  const kw = mode === 'vector' ? [] : read.keyword;
  const lists = inContext({ kw, vec: read.vector, limit: plan.limit }, read.neighbours, plan.windows);
  const results = mode === 'hybrid' ? fuse(q, lists, read.neighbours) : mode === 'vector' ? vectorResults(lists.vec) : keywordResults(lists.kw);
  return { mode, degraded, results, pending: read.pending ?? 0 };
}

async function runSearch(ctx: Ctx, query: SearchQuery): Promise<SearchResponse> {
  const q = normalizeSearchQuery(query, ctx.defaults);
  if (q.text === '' || q.scopes.length === 0) return { results: [], mode: q.mode };
  const filter: VisibilityFilter = { ...q, now: ctx.clock() };
  const { mode, degraded, results, pending } = await rankedResults(ctx, q, filter);
  const kept = results.filter((r) => q.minScore === null || r.score >= q.minScore).slice(0, q.topK);
  const response: SearchResponse = { results: kept, mode, ...(degraded !== undefined && { degraded }) };
  if (pending > 0) response.pendingEmbeddings = pending;
  return response;
}

/** Creates the search service. Reads only: it never writes (access is recorded by {@link touchMemories}). */
export function createSearchService(deps: SearchServiceDeps): SearchService {
  const ctx: Ctx = {
    db: deps.db as Kysely<MemoryDatabase>,
    embedder: deps.embedder ?? null,
    defaults: { ...DEFAULT_SEARCH_DEFAULTS, ...deps.defaults },
    clock: deps.clock ?? (() => new Date()),
    overFetch: Math.max(1, deps.overFetch ?? SEARCH_OVER_FETCH),
    speakers: new KnownSpeakers(),
  };
  return { search: (query) => runSearch(ctx, query) };
}
