import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';

/*
 * Term statistics for BM25-style ranking of conversation events (issue 21, ADR-0021). Postgres'
 * ts_rank knows nothing of how rare a word is, so a question's common words ("Caroline" in a
 * conversation with Caroline) would weigh as much as the one rare word that finds the answer.
 */

/** A query term (an English-stemmed lexeme) with its inverse document frequency in the project. */
export interface WeightedTerm { lexeme: string; idf: number; df: number }

export interface TermStats { terms: WeightedTerm[]; events: number; avgLength: number }

const MAX_TERMS = 32;
/** How long a project's event count and mean length are reused (they move slowly). */
const CORPUS_TTL_MS = 60_000;

type Corpus = { events: number; avgLength: number; at: number };

/** BM25's idf: ln(1 + (N - df + 0.5) / (df + 0.5)); always > 0. */
export const idf = (events: number, df: number): number => Math.log(1 + (events - df + 0.5) / (df + 0.5));

/** Lexemes of `text` as the index stores them (same parser and dictionary as search_tsv). */
export async function queryLexemes(db: ConversationDb, text: string): Promise<string[]> {
  const r = await sql<{ lexeme: string }>`SELECT lexeme FROM unnest(to_tsvector('english', ${text})) ORDER BY lexeme`.execute(db);
  return r.rows.map((x) => x.lexeme).slice(0, MAX_TERMS);
}

/** The query's terms weighted by their rarity in the project, with the project's size. */
export type TermStatsReader = (project: string, text: string) => Promise<TermStats>;

/** A {@link TermStatsReader} with a per-process cache of project sizes (event count, mean length). */
export function createTermStats(db: ConversationDb): TermStatsReader {
  const corpora = new Map<string, Corpus>();
  const corpus = async (project: string): Promise<Corpus> => {
    const hit = corpora.get(project);
    if (hit && Date.now() - hit.at < CORPUS_TTL_MS) return hit;
    const r = await sql<{ n: string; avg: string | null }>`SELECT count(*) AS n, avg(length(search_tsv)) AS avg
      FROM conversation_events WHERE project = ${project}`.execute(db);
    const c = { events: Number(r.rows[0]?.n ?? 0), avgLength: Math.max(1, Number(r.rows[0]?.avg ?? 1)), at: Date.now() };
    corpora.set(project, c);
    return c;
  };
  return async function termStats(project: string, text: string): Promise<TermStats> {
    const lexemes = await queryLexemes(db, text);
    const c = await corpus(project);
    if (lexemes.length === 0) return { terms: [], ...c };
    // One GIN-served count per term (a plain lexeme cast to tsquery is not re-normalised).
    const r = await sql<{ lexeme: string; df: string }>`SELECT l AS lexeme,
        (SELECT count(*) FROM conversation_events WHERE project = ${project} AND search_tsv @@ quote_literal(l)::tsquery) AS df
      FROM unnest(${lexemes}::text[]) AS l`.execute(db);
    const events = Math.max(c.events, 1);
    return { terms: r.rows.map((x) => ({ lexeme: x.lexeme, df: Number(x.df), idf: idf(events, Number(x.df)) })), events, avgLength: c.avgLength };
  };
}
