import { sql } from 'kysely';
import type { EmbeddingModelId } from './vector-search.query.js';
import type { VisibilityFilter } from './visibility.filter.js';

/**
 * How many visible records vector search cannot see yet (no vector, or one from another model), as
 * a scalar expression for the candidate read. Two index-served counts instead of one OR over every
 * visible row (40 ms at 100k memories): rows without a vector through the partial index
 * memories_unembedded_idx (its predicate is repeated here so the planner can use it), rows of
 * another model through memories_embedding_model_idx.
 */
export function unembeddedCount(filter: VisibilityFilter, model: EmbeddingModelId | null) {
  const statuses = filter.includeArchived ? ['active', 'archived'] : ['active'];
  const visible = sql`memories.scope = ANY(${filter.scopes}::text[]) AND memories.status = ANY(${statuses}::text[])`;
  const otherModel = model === null
    ? sql`0`
    : sql`(SELECT count(*) FROM memories WHERE memories.embedding IS NOT NULL AND ${visible}
        AND ((memories.embedding_model, memories.embedding_model_version) < (${model.name}, ${model.version})
          OR (memories.embedding_model, memories.embedding_model_version) > (${model.name}, ${model.version})))`;
  return sql<number>`(SELECT count(*) FROM memories WHERE memories.embedding IS NULL AND memories.status <> 'forgotten' AND ${visible}) + ${otherModel}`;
}
