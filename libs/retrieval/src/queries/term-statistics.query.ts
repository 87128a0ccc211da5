import { sql, type Kysely } from 'kysely';

/** What BM25 needs to know about the searched scopes and the query's words. */
export interface TermStatistics {
  /** Searchable memories in the scopes. */
  docs: number;
  /** Sum of their lengths (distinct lexemes of search_tsv). */
  totalLength: number;
  /** The query's lexemes (Postgres' own english parser and stemmer) and their document frequency. */
  terms: { lexeme: string; df: number }[];
}

/**
 * One round trip: the query text through `to_tsvector('english')` (stop words dropped, stemmed the
 * way search_tsv was), each lexeme's document frequency summed over the scopes, and the scopes'
 * size (memory_term_stats / memory_scope_stats, kept by triggers on memories; ADR-0019).
 */
export async function termStatistics(db: Kysely<any>, text: string, scopes: string[]): Promise<TermStatistics> {
  const { rows } = await sql<{ lexeme: string | null; df: string | null; docs: string | null; total: string | null }>`
    WITH q AS (SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS lexeme),
      s AS (SELECT sum(docs) AS docs, sum(total_len) AS total FROM memory_scope_stats WHERE scope = ANY(${scopes}::text[]))
    SELECT q.lexeme, (SELECT sum(t.df) FROM memory_term_stats t WHERE t.lexeme = q.lexeme AND t.scope = ANY(${scopes}::text[])) AS df,
      s.docs, s.total
    FROM s LEFT JOIN q ON true`.execute(db);
  const first = rows[0];
  return {
    docs: Number(first?.docs ?? 0),
    totalLength: Number(first?.total ?? 0),
    terms: rows.flatMap((r) => (r.lexeme === null ? [] : [{ lexeme: r.lexeme, df: Number(r.df ?? 0) }])),
  };
}
