import { sql, type RawBuilder } from 'kysely';
import { BM25_K1, DEFAULT_POSTINGS_BUDGET } from '../search/bm25.js';

/**
 * The first step tests at most this many query lexemes per candidate, the rarest (those that weigh
 * most): its cost is candidates × lexemes, and a 10,000-character query may hold over a thousand
 * distinct words. The exact step still scores every query lexeme.
 */
export const BM25_CHEAP_LEXEMES = 32;

const WORD_RUN = /[\p{L}\p{N}]+/gu;
const COMPOUND = /\S*[\p{L}\p{N}][^\s\p{L}\p{N}]+[\p{L}\p{N}]\S*/gu;

/**
 * At least as many distinct lexemes as `to_tsvector('english', text)` can hold, at most
 * BM25_CHEAP_LEXEMES: how many tests the first step writes out. Every lexeme is a run of letters and
 * digits or one of at most two compound tokens a run-joining chunk makes ("out-of-memory", a path,
 * a URL's host and path); stemming only merges. Most queries hold a handful of words: 32 tests per
 * candidate, most of them `@@ NULL`, were a sixth of the keyword read at 100k memories.
 */
export function cheapLexemesFor(text: string): number {
  const runs = new Set(text.toLowerCase().match(WORD_RUN) ?? []).size;
  const compounds = new Set(text.toLowerCase().match(COMPOUND) ?? []).size;
  return Math.max(1, Math.min(BM25_CHEAP_LEXEMES, runs + 2 * compounds));
}

// A lexeme as a one-word tsquery, quoted so it is matched as is and never parsed as syntax.
const quoted = (lexeme: RawBuilder<unknown>) => sql`('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')`;

/**
 * The BM25 plan of a query as common table expressions, so the candidate read needs no statistics
 * round trip before it (ADR-0042): the query text through `to_tsvector('english')` (stop words
 * dropped, stemmed the way search_tsv was), each lexeme's document frequency over the scopes
 * (memory_term_stats, kept by triggers; ADR-0019) and Lucene's IDF, ln(1 + (N − df + 0.5) / (df + 0.5)).
 *
 * - `bm25_terms`: every query lexeme present in the scopes, rarest first (`rank`), with its idf.
 * - `bm25_plan`: one row (none when no query word occurs in the scopes): the lexemes and idfs as
 *   arrays for the exact score, `match`, the OR tsquery that selects candidates (lexemes taken
 *   rarest first until their document frequencies add up to the postings budget, the rarest
 *   always), `avg_len` and `max_score`, the best score any memory could get.
 *   `cheap_queries` / `cheap_idfs`: the BM25_CHEAP_LEXEMES rarest lexemes as one-word tsqueries
 *   and their idfs, for the first step.
 */
export function bm25PlanCtes(text: string, scopes: readonly string[], budget: number = DEFAULT_POSTINGS_BUDGET) {
  return sql`bm25_scope AS (
      SELECT sum(docs)::float8 AS docs, sum(total_len)::float8 AS total FROM memory_scope_stats WHERE scope = ANY(${scopes}::text[])),
    bm25_terms AS MATERIALIZED (
      SELECT t.lexeme, t.df, ln(1 + (s.docs - t.df + 0.5) / (t.df + 0.5)) AS idf,
        row_number() OVER w AS rank, sum(t.df) OVER w AS visited
      FROM (SELECT q.lexeme, sum(ts.df)::float8 AS df
            FROM (SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS lexeme) q
              JOIN memory_term_stats ts ON ts.lexeme = q.lexeme AND ts.scope = ANY(${scopes}::text[])
            GROUP BY q.lexeme) t
        CROSS JOIN bm25_scope s
      WHERE t.df > 0 AND s.docs > 0
      WINDOW w AS (ORDER BY t.df, t.lexeme COLLATE "C" ROWS UNBOUNDED PRECEDING)),
    bm25_plan AS (
      SELECT array_agg(t.lexeme ORDER BY t.rank) AS lexemes, array_agg(t.idf ORDER BY t.rank) AS idfs,
        string_agg(${quoted(sql.ref('t.lexeme'))}, ' | ' ORDER BY t.rank) FILTER (WHERE t.rank = 1 OR t.visited <= ${budget})::tsquery AS match,
        greatest(1, max(s.total) / max(s.docs)) AS avg_len, sum(t.idf * ${BM25_K1 + 1}::float8) AS max_score,
        array_agg(${quoted(sql.ref('t.lexeme'))}::tsquery ORDER BY t.rank) FILTER (WHERE t.rank <= ${BM25_CHEAP_LEXEMES}) AS cheap_queries,
        array_agg(t.idf ORDER BY t.rank) FILTER (WHERE t.rank <= ${BM25_CHEAP_LEXEMES}) AS cheap_idfs
      FROM bm25_terms t CROSS JOIN bm25_scope s
      HAVING count(*) > 0)`;
}
