import { sql } from 'kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb, type TimeWindow } from '@engram/memory';
import { BM25_B, BM25_K1 } from '../search/bm25.js';
import { BM25_CHEAP_LEXEMES } from './bm25-plan.sql.js';
import { memoryColumnsOf } from './memory-columns.sql.js';
import { validWithin, visibility, visibleTo, type VisibilityFilter } from './visibility.filter.js';

/**
 * How many of the cheaply scored candidates are scored exactly, per row asked. A memory's exact
 * score is at most (1 + k1·norm) times its cheap one (tf only ever adds, and saturates at k1 + 1),
 * so only a memory that repeats the query's words many times could climb from below this depth.
 */
export const BM25_RESCORE_DEPTH = 4;

/** The two scores of keywordSearchQuery: `cheap` over `memories` (`cheapLexemes` tests, 1..BM25_CHEAP_LEXEMES), `exact` over `c.search_tsv`. */
function bm25Scores(cheapLexemes: number) {
  const norm = (tsv: string) => sql`(1 - ${BM25_B}::float8 + ${BM25_B}::float8 * length(${sql.ref(tsv)}) / (SELECT avg_len FROM bm25_plan))`;
  // One test per cheap lexeme, written out: a subquery over the lexemes per candidate cost 3 µs a
  // row (a third of the read at 100k memories). Only as many as the query can hold (cheapLexemesFor);
  // positions past the query's lexemes hold NULL, and `@@ NULL` is never true.
  const idfOfMatched = sql.join(
    Array.from({ length: cheapLexemes }, (_, i) => sql`CASE WHEN memories.search_tsv @@ p.cheap_queries[${sql.lit(i + 1)}] THEN p.cheap_idfs[${sql.lit(i + 1)}] ELSE 0 END`),
    sql` + `,
  );
  const cheap = sql<number>`(${idfOfMatched}) / (1 + ${BM25_K1}::float8 * ${norm('memories.search_tsv')})`;
  const tf = sql`coalesce(array_length(u.positions, 1), 1)::float8`;
  const exact = sql<number>`(SELECT coalesce(sum(q.idf * ${tf} * ${BM25_K1 + 1}::float8 / (${tf} + ${BM25_K1}::float8 * ${norm('c.search_tsv')})), 0)
    FROM unnest(c.search_tsv) AS u JOIN unnest((SELECT lexemes FROM bm25_plan), (SELECT idfs FROM bm25_plan)) AS q(lexeme, idf) ON q.lexeme = u.lexeme)
    / (SELECT max_score FROM bm25_plan)`;
  return { cheap, exact };
}

/**
 * Full-text candidates ranked by Okapi BM25 (ADR-0019), over the plan the statement's `bm25_*`
 * common table expressions hold (bm25-plan.sql.ts): any of the plan's match lexemes may match (an
 * OR tsquery over the generated `search_tsv`, served by its GIN index); each candidate scores
 * Σ idf(t)·tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen)) over every query lexeme it contains, with
 * tf = the lexeme's positions in the memory and len = its distinct lexemes. Divided by the query's
 * best possible score, `keyword_score` lies in [0, 1]. Ties fall back to id for a stable order.
 *
 * In two steps within one statement (ADR-0019 amendment): every candidate is first scored with
 * tf = 1, one `@@` test per cheap lexeme; reading each candidate's positions (`unnest(tsvector)`, a
 * set-returning subquery per row) cost twice the whole read at 100k memories, so only the best
 * `limit × BM25_RESCORE_DEPTH` get their exact score, which orders the result.
 */
export function keywordSearchQuery(db: MemoryDb, filter: VisibilityFilter, limit: number, cheapLexemes: number = BM25_CHEAP_LEXEMES) {
  const { cheap, exact } = bm25Scores(cheapLexemes);
  return db
    .with('c', (qb) => qb
      .selectFrom(['memories', sql`bm25_plan`.as('p')])
      .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
      .select([HAS_EMBEDDING, 'memories.search_tsv', cheap.as('cheap_score')])
      .where(sql<boolean>`memories.search_tsv @@ (SELECT match FROM bm25_plan)`)
      .$call(visibleTo(filter))
      .orderBy('cheap_score', 'desc')
      .orderBy('memories.id')
      .limit(limit * BM25_RESCORE_DEPTH))
    .selectFrom('c')
    .select(MEMORY_COLUMNS.map((c) => `c.${c}` as const))
    .select(['c.has_embedding', exact.as('keyword_score')])
    .orderBy('keyword_score', 'desc')
    .orderBy('c.id')
    .limit(limit);
}

/**
 * keywordSearchQuery's candidates for a query that names dates, and those whose valid_from lies in
 * `windows`, from ONE pass over the matches: every candidate is ranked by its cheap score overall
 * and within the windows, and is scored exactly when it is among the best `limit ×
 * BM25_RESCORE_DEPTH` of either. `among_all` and `in_window` tell the two lists apart; each is
 * keywordSearchQuery's list (the caller orders by `keyword_score`, then id, and keeps `limit`).
 * A second pass over the same matches cost a dated query a third of its keyword read at 100k memories.
 */
export function datedKeywordCandidates(filter: VisibilityFilter, limit: number, cheapLexemes: number, windows: readonly TimeWindow[]) {
  const { cheap, exact } = bm25Scores(cheapLexemes);
  const depth = limit * BM25_RESCORE_DEPTH;
  return sql`WITH scored AS (
      SELECT ${memoryColumnsOf('memories')}, ${HAS_EMBEDDING}, memories.search_tsv, ${cheap} AS cheap_score, ${validWithin(windows)} AS in_window
      FROM memories, bm25_plan AS p
      WHERE memories.search_tsv @@ (SELECT match FROM bm25_plan) AND ${visibility(filter)}),
    ranked AS (
      SELECT s.*, row_number() OVER (ORDER BY s.cheap_score DESC, s.id) AS by_all,
        row_number() OVER (PARTITION BY s.in_window ORDER BY s.cheap_score DESC, s.id) AS by_window
      FROM scored s),
    c AS (SELECT * FROM ranked r WHERE r.by_all <= ${depth}::int OR (r.in_window AND r.by_window <= ${depth}::int))
    SELECT ${memoryColumnsOf('c')}, c.has_embedding, c.by_all <= ${depth}::int AS among_all, c.in_window, ${exact} AS keyword_score FROM c`;
}
