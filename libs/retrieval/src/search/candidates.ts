import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase, MemoryRow, TimeWindow } from '@engram/memory';
import { keywordSearchQuery } from '../queries/keyword-search.query.js';
import { termStatistics } from '../queries/term-statistics.query.js';
import { vectorSearchQuery, type EmbeddingModelId } from '../queries/vector-search.query.js';
import type { VisibilityFilter } from '../queries/visibility.filter.js';
import { planBm25 } from './bm25.js';

/** A head row with the score of the list it came from. */
export type KeywordCandidate = MemoryRow & { keyword_score: number | string };
export type VectorCandidate = MemoryRow & { distance: number | string };

/**
 * Keyword candidates ranked by BM25 over the scopes' term statistics (ADR-0019): one statistics
 * read, one candidate read. Agents ask in natural language, so any query word may match and rarer
 * words weigh more; nothing is returned when no query word occurs in the scopes. When the query
 * names dates (`windows`), the best matches from those dates are read too, however they rank
 * overall (the caller lifts them, date-boost.ts). Session context is the caller's (one read for
 * every list, session-context.ts).
 */
export async function keywordCandidates(
  db: Kysely<MemoryDatabase>,
  text: string,
  filter: VisibilityFilter,
  limit: number,
  windows: readonly TimeWindow[] = [],
): Promise<KeywordCandidate[]> {
  const plan = planBm25(await termStatistics(db, text, filter.scopes));
  if (plan === null) return [];
  const rows = (await keywordSearchQuery(db, plan, filter, limit).execute()) as KeywordCandidate[];
  if (windows.length === 0) return rows;
  const seen = new Set(rows.map((r) => r.id));
  const dated = (await keywordSearchQuery(db, plan, { ...filter, validWithin: windows }, limit).execute()) as KeywordCandidate[];
  return [...rows, ...dated.filter((r) => !seen.has(r.id))];
}

/**
 * Vector candidates. `hnsw.ef_search` must be at least the LIMIT or HNSW returns fewer rows than
 * asked; iterative scans (pgvector >= 0.8) keep going when the scope/type filters reject
 * neighbours. `enable_sort = off` keeps the planner on the HNSW index: left alone it often picks
 * the scope index and sorts every visible row by exact distance (measured at 100k memories: 80 ms
 * and growing with the table, vs a few ms), because scope selectivity is hard to estimate. The
 * iterative scan gives up after `hnsw.max_scan_tuples` (20,000), so a caller whose visible rows
 * are under ~0.2% of the table may get fewer vector hits (keyword hits still come). `jit = off`:
 * HNSW plans carry huge cost estimates that trigger JIT compilation costing more than the query.
 * All are set with set_config(..., is_local => true), so they end with the transaction.
 */
export async function vectorCandidates(
  db: Kysely<MemoryDatabase>,
  queryVector: Float32Array,
  model: EmbeddingModelId,
  filter: VisibilityFilter,
  limit: number,
  efSearch: number,
): Promise<VectorCandidate[]> {
  const ef = String(Math.min(1000, Math.max(efSearch, limit)));
  const run = async (trx: Kysely<MemoryDatabase>) => {
    await sql`SELECT set_config('hnsw.ef_search', ${ef}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true),
      set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`.execute(trx);
    const rows = (await vectorSearchQuery(trx, queryVector, model, filter, limit).execute()) as VectorCandidate[];
    return rows.sort((a, b) => Number(a.distance) - Number(b.distance));
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Visible records that vector search cannot see yet (no vector, or one from another model). Two
 * index-served counts instead of one OR over every visible row (40 ms at 100k memories): rows
 * without a vector through the partial index memories_unembedded_idx (its predicate is repeated
 * here so the planner can use it), rows of another model through memories_embedding_model_idx.
 */
export async function countUnembedded(
  db: Kysely<MemoryDatabase>,
  filter: VisibilityFilter,
  model: EmbeddingModelId | null,
): Promise<number> {
  const statuses = filter.includeArchived ? ['active', 'archived'] : ['active'];
  const visible = sql`memories.scope = ANY(${filter.scopes}::text[]) AND memories.status = ANY(${statuses}::text[])`;
  const otherModel = model === null
    ? sql`0`
    : sql`(SELECT count(*) FROM memories WHERE memories.embedding IS NOT NULL AND ${visible}
        AND ((memories.embedding_model, memories.embedding_model_version) < (${model.name}, ${model.version})
          OR (memories.embedding_model, memories.embedding_model_version) > (${model.name}, ${model.version})))`;
  const row = await sql<{ n: string }>`SELECT
      (SELECT count(*) FROM memories WHERE memories.embedding IS NULL AND memories.status <> 'forgotten' AND ${visible})
      + ${otherModel} AS n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
