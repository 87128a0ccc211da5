import { sql } from 'kysely';
import { cosineDistance } from 'pgvector/kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb } from '@engram/memory';
import { visibleTo, type VisibilityFilter } from './visibility.filter.js';

/** The model a query vector came from: only vectors of the same model are comparable. */
export interface EmbeddingModelId {
  name: string;
  version: string;
}

/**
 * Nearest neighbours by cosine distance (`embedding <=> $q`, served by the HNSW index). Rows without
 * a vector, or with a vector from another model (pending re-embedding), are skipped: their distances
 * would be meaningless. The caller re-sorts by distance because HNSW iterative scans
 * (`relaxed_order`) may return slightly out of order.
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
    .where('memories.embedding', 'is not', null)
    .where('memories.embedding_model', '=', model.name)
    .where('memories.embedding_model_version', '=', model.version)
    .$call(visibleTo(filter))
    .orderBy('distance')
    .limit(limit);
}
