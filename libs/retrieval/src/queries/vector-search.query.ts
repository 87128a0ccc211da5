import { sql } from 'kysely';
import { cosineDistance } from 'pgvector/kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb } from '@engram/memory';
import { visibility, type VisibilityFilter } from './visibility.filter.js';

/** The model a query vector came from: only vectors of the same model are comparable. */
export interface EmbeddingModelId {
  name: string;
  version: string;
}

/**
 * Nearest neighbours by cosine distance (`embedding <=> $q`, served by the HNSW index). Rows without
 * a vector, or with a vector from another model (pending re-embedding), are skipped: their distances
 * would be meaningless. The caller re-sorts by distance because HNSW iterative scans
 * (`relaxed_order`, a session default of engram's connections: infra's session-defaults.ts) may
 * return slightly out of order, and keep scanning when the filter rejects neighbours.
 *
 * The filter is one condition wrapped in `IS TRUE` (the same rows pass: WHERE drops NULL and false
 * alike) so that no other index can serve it: left alone the planner often picked the scope index
 * and sorted every visible row by exact distance (80 ms at 100k memories, growing with the table),
 * because scope selectivity is hard to estimate. Until ADR-0042 a transaction-local
 * `enable_sort = off` did this, which cost the read its own transaction and three round trips.
 * The iterative scan gives up after `hnsw.max_scan_tuples` (20,000), so a caller whose visible rows
 * are under ~0.2% of the table may get fewer vector hits (keyword hits still come).
 */
export function vectorSearchQuery(
  db: MemoryDb,
  queryVector: Float32Array | number[],
  model: EmbeddingModelId,
  filter: VisibilityFilter,
  limit: number,
) {
  const distance = cosineDistance('memories.embedding', Array.from(queryVector));
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, sql<number>`${distance}`.as('distance')])
    .where((eb) => sql<boolean>`(${eb.and([
      eb('memories.embedding', 'is not', null),
      eb('memories.embedding_model', '=', model.name),
      eb('memories.embedding_model_version', '=', model.version),
      visibility(filter),
    ])}) IS TRUE`)
    .orderBy('distance')
    .limit(limit);
}
