import { sql } from 'kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb } from '@engram/memory';
import { visibleTo, type VisibilityFilter } from './visibility.filter.js';

/**
 * Full-text candidates: `websearch_to_tsquery('english', text)` against the generated `search_tsv`
 * (content weight A, tags weight B), ranked by `ts_rank_cd` with normalisation 32 (rank/(rank+1))
 * so `keyword_score` lies in [0, 1). Ties fall back to id for a stable order.
 */
export function keywordSearchQuery(db: MemoryDb, tsQueryText: string, filter: VisibilityFilter, limit: number) {
  const tsq = sql`websearch_to_tsquery('english', ${tsQueryText})`;
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, sql<number>`ts_rank_cd(memories.search_tsv, ${tsq}, 32)`.as('keyword_score')])
    .where(sql<boolean>`memories.search_tsv @@ ${tsq}`)
    .$call(visibleTo(filter))
    .orderBy('keyword_score', 'desc')
    .orderBy('memories.id')
    .limit(limit);
}
