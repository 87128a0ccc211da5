import { sql, type Kysely } from 'kysely';
import { isUuid, type EdgeKind, type MemoryDatabase } from '@engram/memory';
import { InvalidSearchQueryError } from '../errors.js';
import { visibleTo } from '../queries/visibility.filter.js';
import { DEFAULT_EDGE_KIND_WEIGHTS, type EdgeKindWeights, type GraphExpansion, type GraphExpansionResult, type GraphStep } from './graph.types.js';
import { loadNeighbourhood, type Neighbourhood } from './neighbourhood.query.js';
import { DEFAULT_DAMPING, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE, personalizedPageRank } from './pagerank.js';

/** Dependencies of {@link expandByGraph}. */
export interface GraphExpansionDeps {
  db: Kysely<MemoryDatabase> | Kysely<any>;
  /** "Now" for the validity of returned records (default: the wall clock). */
  clock?: () => Date;
}

/** One graph expansion request. */
export interface GraphExpansionQuery {
  /** Records to start from (e.g. the top hits of a search); ids the reader cannot see are ignored. */
  seedIds: string[];
  /** Optional relative weight per seed (e.g. its retrieval score); default 1 each. */
  seedWeights?: Record<string, number>;
  /** Exact scopes the reader may see (like SearchQuery.scopes); an empty list sees nothing. */
  scopes: string[];
  /** Only return records of these types (traversal still crosses other types). */
  types?: string[];
  /** Neighbourhood node cap, seeds included (default 200, max 5 000). */
  maxNodes?: number;
  /** Hops from the seeds (default 2, max 4). */
  maxHops?: number;
  /** How many records to return (default 10, max 100). */
  limit?: number;
  /**
   * Also rank the seeds themselves (hops 0, empty path) by their PageRank score, so the whole
   * list can be fused with the list the seeds came from; default false (only extra records).
   */
  includeSeeds?: boolean;
  /** Edge kinds to follow, weighted (default {@link DEFAULT_EDGE_KIND_WEIGHTS}; 0 = do not follow). */
  kindWeights?: Partial<EdgeKindWeights>;
  damping?: number;
  tolerance?: number;
  maxIterations?: number;
}

function bounded(name: string, value: number | undefined, fallback: number, max: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1 || v > max) throw new InvalidSearchQueryError(`${name} must be an integer in 1..${max}, got ${value}`);
  return v;
}

function kindWeightsOf(q: GraphExpansionQuery): EdgeKindWeights {
  const w = { ...DEFAULT_EDGE_KIND_WEIGHTS, ...q.kindWeights };
  for (const [k, v] of Object.entries(w)) {
    if (!(k in DEFAULT_EDGE_KIND_WEIGHTS)) throw new InvalidSearchQueryError(`unknown edge kind ${k}`);
    if (!(typeof v === 'number' && v >= 0 && v <= 10)) throw new InvalidSearchQueryError(`weight of ${k} must be in 0..10, got ${v}`);
  }
  return w;
}

/** The seeds the reader may see: in one of their scopes and not forgotten. */
async function visibleSeeds(db: Kysely<MemoryDatabase>, ids: string[], scopes: string[]): Promise<string[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await sql<{ id: string }>`
    SELECT id FROM memories WHERE id = ANY(${valid}::uuid[]) AND scope = ANY(${scopes}::text[]) AND status <> 'forgotten'`.execute(db);
  const ok = new Set(rows.rows.map((r) => r.id));
  return valid.filter((id) => ok.has(id));
}

/** Which of `ids` a search would return now (current, valid, in scope, of the wanted types). */
async function returnable(db: Kysely<MemoryDatabase>, ids: string[], q: GraphExpansionQuery, now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const filter = { scopes: q.scopes, types: q.types ?? null, tags: null, includeArchived: false, minConfidence: null, createdAfter: null, createdBefore: null, now };
  const rows = await db.selectFrom('memories').select('memories.id').where(sql<boolean>`memories.id = ANY(${ids}::uuid[])`).$call(visibleTo(filter)).execute();
  return new Set(rows.map((r) => r.id));
}

function pathTo(id: string, n: Neighbourhood): { seedId: string; path: GraphStep[] } {
  const path: GraphStep[] = [];
  let at = id;
  for (let step = n.parent.get(at); step; step = n.parent.get(at)) {
    path.unshift(step);
    at = step.from;
  }
  return { seedId: at, path };
}

function rank(n: Neighbourhood, kindWeights: EdgeKindWeights, seeds: Map<string, number>, q: GraphExpansionQuery) {
  try {
    return personalizedPageRank(
      [...n.nodes], n.edges.map((e) => ({ a: e.src, b: e.dst, weight: e.weight * kindWeights[e.kind] })), seeds,
      { damping: q.damping ?? DEFAULT_DAMPING, tolerance: q.tolerance ?? DEFAULT_TOLERANCE, maxIterations: q.maxIterations ?? DEFAULT_MAX_ITERATIONS },
    );
  } catch (err) {
    if (err instanceof RangeError) throw new InvalidSearchQueryError(err.message);
    throw err;
  }
}

/**
 * Graph expansion for multi-hop retrieval (seed 001 ADR-009/ADR-011): loads the bounded
 * neighbourhood of the seeds from `memory_edges` (both ends in the reader's scopes), runs
 * personalised PageRank from the seeds in process, and returns the best-ranked OTHER records (and
 * the seeds too with `includeSeeds`) a search could return now (never superseded, invalidated, expired, archived or out of scope),
 * each with its score and the path of edges that brought it in.
 */
export async function expandByGraph(deps: GraphExpansionDeps, q: GraphExpansionQuery): Promise<GraphExpansion> {
  const maxNodes = bounded('maxNodes', q.maxNodes, 200, 5000);
  const maxHops = bounded('maxHops', q.maxHops, 2, 4);
  const limit = bounded('limit', q.limit, 10, 100);
  const kindWeights = kindWeightsOf(q);
  if (!Array.isArray(q.scopes) || !Array.isArray(q.seedIds)) throw new InvalidSearchQueryError('seedIds and scopes must be arrays');
  const db = deps.db as Kysely<MemoryDatabase>;
  const empty: GraphExpansion = { results: [], seeds: [], nodes: 0, edges: 0, truncated: false, iterations: 0, converged: true };
  if (q.scopes.length === 0 || q.seedIds.length === 0) return empty;
  const seeds = await visibleSeeds(db, q.seedIds, q.scopes);
  if (seeds.length === 0) return empty;
  const kinds = (Object.keys(kindWeights) as EdgeKind[]).filter((k) => kindWeights[k] > 0);
  const n = await loadNeighbourhood(db, seeds, { scopes: q.scopes, kinds, maxHops, maxNodes: Math.max(maxNodes, seeds.length) });
  const weights = new Map(seeds.map((s) => [s, Math.max(0, q.seedWeights?.[s] ?? 1)]));
  if (![...weights.values()].some((w) => w > 0)) seeds.forEach((s) => weights.set(s, 1));
  const pr = rank(n, kindWeights, weights, q);
  const seedSet = new Set(q.includeSeeds ? [] : seeds);
  const others = [...n.nodes].filter((id) => !seedSet.has(id) && (pr.scores.get(id) ?? 0) > 0);
  const ok = await returnable(db, others, q, (deps.clock ?? (() => new Date()))());
  const results: GraphExpansionResult[] = others
    .filter((id) => ok.has(id))
    .map((id) => ({ id, score: pr.scores.get(id) as number, hops: n.hops.get(id) as number, ...pathTo(id, n) }))
    .sort((a, b) => b.score - a.score || a.hops - b.hops || a.id.localeCompare(b.id))
    .slice(0, limit);
  return { results, seeds, nodes: n.nodes.size, edges: n.edges.length, truncated: n.truncated, iterations: pr.iterations, converged: pr.converged };
}
