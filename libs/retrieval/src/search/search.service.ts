import type { Kysely } from 'kysely';
import { asksForSeveral, capitalisedWords, PeopleBook, toMemoryRecord, withoutExclusions, withoutSpeakers, withoutNames, type MemoryDatabase, type Mention, type MemoryRow, type TimeWindow } from '@engram/memory';
import type { QueryEmbedder } from '../ports.js';
import type { VisibilityFilter } from '../queries/visibility.filter.js';
import { readCandidates, type CandidateRead, type CandidateReadSpec, type KeywordCandidate, type VectorCandidate } from '../queries/candidate-read.query.js';
import type { NeighbourSides } from '../queries/session-neighbours.query.js';
import type { EmbeddingModelId } from '../queries/vector-search.query.js';
import { DEFAULT_RRF_K } from './rrf.js';
import { boostDated, datedWindows, readWindows } from './date-boost.js';
import { fuseScores } from './score-fusion.js';
import { learnFromRead, sameMentions } from './people.js';
import { withNeighbourContext, withOnePerMoment, withSessionContext, type Neighbour } from './session-context.js';
import { withTurnPriors } from './turn-priors.js';
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
  people: PeopleBook;
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
function fuse(q: NormalizedSearchQuery, lists: { kw: KeywordCandidate[]; vec: VectorCandidate[] }, neighbours: readonly Neighbour[], named: readonly string[]): SearchResult[] {
  const { kw, vec } = lists;
  const rows = new Map<string, MemoryRow>([...kw, ...vec].map((r) => [r.id, r]));
  const vectorScores = new Map(vec.map((r) => [r.id, 1 - Number(r.distance)]));
  const keywordScores = new Map(kw.map((r) => [r.id, Number(r.keyword_score)]));
  const vectorRanks = new Map(vec.map((r, i) => [r.id, i + 1]));
  const keywordRanks = new Map(kw.map((r, i) => [r.id, i + 1]));
  const fused = fuseScores({ vector: { weight: q.weights.vector, scores: vectorScores }, keyword: { weight: q.weights.keyword, scores: keywordScores } });
  return withOnePerMoment(withTurnPriors(withNeighbourContext(fused, neighbours, rows), rows, q.text, named, neighbours), neighbours, rows, asksForSeveral(q.text)).map((e) => ({
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
  /** The people the query names, as the book knew them when the read was planned. */
  mentions: readonly Mention[];
  /** How deep each list is read, and the dates the query names. */
  limit: number;
  windows: readonly TimeWindow[];
  /** The query without what it rules out ("except the US", ADR-0059): the text both lists read. */
  sought: string;
}

const NO_MODEL = 'vector search unavailable: no embedding model loaded — keyword results only';

type Base = Omit<Plan, 'mode'>;

/** A keyword search, or a search whose query could not be embedded: one read. */
async function keywordRead(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter, base: Base, pendingFor?: EmbeddingModelId | null): Promise<{ plan: Plan; read: CandidateRead }> {
  const limit = q.mode === 'vector' ? q.topK : base.limit;
  const spec: CandidateReadSpec = { filter, keyword: { text: withoutNames(base.sought, base.mentions), limit, windows: readWindows(base.windows) }, neighbours: 'next' };
  if (pendingFor !== undefined) spec.pendingFor = pendingFor;
  return { plan: { ...base, mode: 'keyword' }, read: await readCandidates(ctx.db, spec) };
}

/** The two halves of a read as one: a turn near a hit of both lists is listed once. */
function joined(keyword: CandidateRead | null, vector: CandidateRead): CandidateRead {
  const seen = new Set<string>();
  const neighbours = [...(keyword?.neighbours ?? []), ...vector.neighbours].filter((n) => {
    const key = `${n.context_of}:${n.id}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
  return { keyword: keyword?.keyword ?? [], vector: vector.vector, neighbours, pending: vector.pending };
}

/**
 * Plans a search and reads its candidates. The sentence model reads the query without the people
 * it names (ADR-0041): every turn carries its speaker, so the name tells it nothing about what was
 * said; BM25 reads a name the chat calls someone as the name their turns are stored under
 * (people.ts). Who the query names comes from the people book, which every read teaches.
 *
 * Two statements, the keyword half first (ADR-0056): its BM25 candidates and their session
 * neighbours need no query vector, so they are read while the query is embedded; the vector half
 * (nearest memories, their neighbours, the pending count) follows the embedding. Each half is one
 * statement as ADR-0042 has it. A keyword half that fails is awaited before the error surfaces.
 */
async function planAndRead(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter, model: EmbeddingModelId | null): Promise<{ plan: Plan; read: CandidateRead }> {
  const mentions = ctx.people.mentions(filter.scopes, q.text);
  const base: Base = { mentions, sought: withoutExclusions(q.text), windows: datedWindows(q.text, filter.now), limit: q.mode === 'hybrid' ? Math.max(q.topK, q.listDepth ?? q.topK * ctx.overFetch) : q.topK };
  if (q.mode === 'keyword') return keywordRead(ctx, q, filter, base);
  if (ctx.embedder === null || !model) return withDegraded(await keywordRead(ctx, q, filter, base, model), NO_MODEL);
  const keyword = keywordPart(q.mode, withoutNames(base.sought, mentions), base.limit, base.windows);
  // Hybrid ranks with the neighbours; a vector search's probe reads the turn after each row only
  // to learn who answers a name (the people book), as a keyword search's session context does.
  const neighbours: NeighbourSides | undefined = q.mode === 'hybrid' ? 'both' : keyword ? 'next' : undefined;
  const half = (spec: Omit<CandidateReadSpec, 'filter'>) => readCandidates(ctx.db, { filter, ...spec, ...(neighbours && { neighbours }) });
  const early = keyword ? half({ keyword }) : null;
  // Awaited below; a handler now keeps a failure while the query is embedded from being unhandled.
  early?.catch(() => undefined);
  const embedded = await embedForSearch(ctx.embedder, withoutSpeakers(base.sought, mentions.map((m) => m.word)));
  if (!('vector' in embedded)) {
    await early?.catch(() => undefined);
    return withDegraded(await keywordRead(ctx, q, filter, base, model), embedded.degraded);
  }
  const [kw, vec] = await Promise.all([early, half({ pendingFor: model, vector: { queryVector: embedded.vector, model, limit: base.limit } })]);
  return { plan: { ...base, mode: q.mode }, read: joined(kw, vec) };
}

const withDegraded = (r: { plan: Plan; read: CandidateRead }, degraded: string) => ({ plan: { ...r.plan, degraded }, read: r.read });

/**
 * The candidate read of a search (ADR-0042, ADR-0056). The read teaches the people book; when it
 * shows the query names other people than planned (a speaker not seen yet, a name the chat calls
 * someone), the query is planned and read again: a wrong guess costs a second read, never a
 * different answer.
 */
async function rankedResults(ctx: Ctx, q: NormalizedSearchQuery, filter: VisibilityFilter) {
  const model = ctx.embedder && { name: ctx.embedder.modelName, version: ctx.embedder.modelVersion };
  let { plan, read } = await planAndRead(ctx, q, filter, model);
  learnFromRead(ctx.people, read);
  if (!sameMentions(plan.mentions, ctx.people.mentions(filter.scopes, q.text))) {
    ({ plan, read } = await planAndRead(ctx, q, filter, model));
    learnFromRead(ctx.people, read);
  }
  const { mode, degraded } = plan;
  // A vector search's keyword rows only told it the people; they are no candidates.
  const kw = mode === 'vector' ? [] : read.keyword;
  const lists = inContext({ kw, vec: read.vector, limit: plan.limit }, read.neighbours, plan.windows);
  const named = [...new Set(plan.mentions.map((m) => m.speaker))];
  const results = mode === 'hybrid' ? fuse(q, lists, read.neighbours, named) : mode === 'vector' ? vectorResults(lists.vec) : keywordResults(lists.kw);
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
    people: new PeopleBook(),
  };
  return { search: (query) => runSearch(ctx, query) };
}
