import type { Kysely } from 'kysely';
import { capitalisedWords, toMemoryRecord, withoutSpeakers, type MemoryDatabase, type MemoryRow, type TimeWindow } from '@engram/memory';
import type { QueryEmbedder } from '../ports.js';
import type { VisibilityFilter } from '../queries/visibility.filter.js';
import { countUnembedded, keywordCandidates, vectorCandidates, type KeywordCandidate, type VectorCandidate } from './candidates.js';
import { DEFAULT_RRF_K } from './rrf.js';
import { boostDated, datedWindows } from './date-boost.js';
import { fuseScores } from './score-fusion.js';
import { readNeighbours, withNeighbourContext, withSessionContext, type Neighbour } from './session-context.js';
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
  /** HNSW candidate list size; raised to the LIMIT when smaller (default 100). */
  efSearch?: number;
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
  efSearch: number;
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

/**
 * One read of session neighbours for every list: the turns after keyword hits (their context,
 * ADR-0020) and, in hybrid, the turns on both sides of every candidate (ADR-0041).
 */
function neighboursOf(ctx: Ctx, mode: SearchMode, lists: { kw: KeywordCandidate[]; vec: VectorCandidate[] }, filter: VisibilityFilter) {
  if (mode === 'hybrid') return readNeighbours(ctx.db, [...lists.kw, ...lists.vec].map((r) => r.id), filter, 'both');
  return readNeighbours(ctx.db, lists.kw.map((r) => r.id), filter, 'next');
}

/**
 * The sentence model reads the query without the speakers it names (ADR-0041): every turn carries
 * its speaker, so the name tells it nothing about what was said. Which capitalised words are
 * speakers is known once keyword candidates are in, so the query is embedded as written meanwhile,
 * and again without the names only when it names any: a query that names no speaker waits for the
 * slower of the two, not for both.
 */
async function queryVectorFor(ctx: Ctx, text: string, speakerSource: Promise<KeywordCandidate[]> | null): Promise<QueryVector> {
  const asWritten = embedForSearch(ctx.embedder, text);
  if (speakerSource === null) return asWritten;
  const withoutNames = withoutSpeakers(text, speakersNamed(text, await speakerSource));
  return withoutNames === text ? asWritten : embedForSearch(ctx.embedder, withoutNames);
}

/** How many keyword matches of its capitalised words a vector search reads to tell which are speakers. */
export const SPEAKER_PROBE_DEPTH = 30;

/**
 * Where a search learns which speakers the query names: hybrid from its keyword candidates; a
 * vector search from a short keyword read of the query's capitalised words alone (their own
 * turns say "Name: …"), run while the query is embedded. Keyword search embeds nothing.
 */
function speakerSourceFor(
  ctx: Ctx, mode: SearchMode, text: string, filter: VisibilityFilter, keywordList: Promise<KeywordCandidate[]> | null,
): Promise<KeywordCandidate[]> | null {
  if (mode === 'hybrid') return keywordList;
  const names = capitalisedWords(text);
  if (mode !== 'vector' || names.length === 0) return null;
  return keywordCandidates(ctx.db, names.join(' '), filter, SPEAKER_PROBE_DEPTH);
}

// The keyword list needs no query vector: it runs while the query is embedded, and the vector
// list then runs beside it; the latency of a hybrid search is the slower branch, not the sum.
async function rankedResults(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter) {
  let mode: SearchMode = q.mode;
  let degraded: string | undefined;
  let queryVector: Float32Array | null = null;
  const windows = datedWindows(q.text, filter.now);
  const keyword = (limit: number) => keywordCandidates(ctx.db, q.text, filter, limit, windows);
  const limit = mode === 'hybrid' ? Math.max(q.topK, q.listDepth ?? q.topK * ctx.overFetch) : q.topK;
  let kwPromise: Promise<KeywordCandidate[]> | null = mode !== 'vector' ? keyword(limit) : null;
  // A rejection surfaces where it is awaited; this only keeps it from counting as unhandled meanwhile.
  kwPromise?.catch(() => undefined);
  if (mode !== 'keyword') {
    const embedded = await queryVectorFor(ctx, q.text, speakerSourceFor(ctx, mode, q.text, filter, kwPromise));
    if ('degraded' in embedded) [mode, degraded] = ['keyword', embedded.degraded];
    else queryVector = embedded.vector;
  }
  if (mode === 'keyword' && kwPromise === null) kwPromise = keyword(q.topK);
  const model = ctx.embedder && { name: ctx.embedder.modelName, version: ctx.embedder.modelVersion };
  const [vec, kw] = await Promise.all([
    queryVector && model ? vectorCandidates(ctx.db, queryVector, model, filter, limit, ctx.efSearch) : [],
    kwPromise ?? [],
  ]);
  const neighbours = await neighboursOf(ctx, mode, { kw, vec }, filter);
  const lists = inContext({ kw, vec, limit }, neighbours, windows);
  const results = mode === 'hybrid' ? fuse(q, lists, neighbours) : mode === 'vector' ? vectorResults(lists.vec) : keywordResults(lists.kw);
  return { mode, degraded, model, results };
}

async function runSearch(ctx: Ctx, query: SearchQuery): Promise<SearchResponse> {
  const q = normalizeSearchQuery(query, ctx.defaults);
  if (q.text === '' || q.scopes.length === 0) return { results: [], mode: q.mode };
  const filter: VisibilityFilter = { ...q, now: ctx.clock() };
  const currentModel = ctx.embedder && { name: ctx.embedder.modelName, version: ctx.embedder.modelVersion };
  const pendingPromise = q.mode !== 'keyword' ? countUnembedded(ctx.db, filter, currentModel) : null;
  pendingPromise?.catch(() => undefined);
  const { mode, degraded, results } = await rankedResults(ctx, q, filter);
  const kept = results.filter((r) => q.minScore === null || r.score >= q.minScore).slice(0, q.topK);
  const response: SearchResponse = { results: kept, mode, ...(degraded !== undefined && { degraded }) };
  const pending = pendingPromise ? await pendingPromise : 0;
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
    efSearch: deps.efSearch ?? 100,
  };
  return { search: (query) => runSearch(ctx, query) };
}
