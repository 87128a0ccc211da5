import { sql } from 'kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb } from '@engram/memory';
import { BM25_B, BM25_K1, orTsQuery, type Bm25Plan } from '../search/bm25.js';
import { visibleTo, type VisibilityFilter } from './visibility.filter.js';

/**
 * Full-text candidates ranked by Okapi BM25 (ADR-0019): any of the plan's match lexemes may match
 * (an OR tsquery over the generated `search_tsv`, served by its GIN index); each candidate scores
 * Σ idf(t)·tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen)) over every query lexeme it contains, with
 * tf = the lexeme's positions in the memory and len = its distinct lexemes. Divided by the query's
 * best possible score, `keyword_score` lies in [0, 1]. Ties fall back to id for a stable order.
 */
export function keywordSearchQuery(db: MemoryDb, plan: Bm25Plan, filter: VisibilityFilter, limit: number) {
  const tsq = sql`${orTsQuery(plan.matchLexemes)}::tsquery`;
  const norm = sql`(1 - ${BM25_B}::float8 + ${BM25_B}::float8 * length(memories.search_tsv) / ${plan.avgLength}::float8)`;
  const tf = sql`coalesce(array_length(u.positions, 1), 1)::float8`;
  const score = sql<number>`(SELECT coalesce(sum(q.idf * ${tf} * ${BM25_K1 + 1}::float8 / (${tf} + ${BM25_K1}::float8 * ${norm})), 0)
    FROM unnest(memories.search_tsv) AS u JOIN unnest(${plan.lexemes}::text[], ${plan.idfs}::float8[]) AS q(lexeme, idf) ON q.lexeme = u.lexeme)
    / ${plan.maxScore}::float8`;
  return db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, score.as('keyword_score')])
    .where(sql<boolean>`memories.search_tsv @@ ${tsq}`)
    .$call(visibleTo(filter))
    .orderBy('keyword_score', 'desc')
    .orderBy('memories.id')
    .limit(limit);
}
