import type { TermStatistics } from '../queries/term-statistics.query.js';

/** Okapi BM25 parameters (the textbook values). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * How many postings the candidate read may visit: query words are taken rarest first until their
 * document frequencies add up to this (the rarest always). Frequent words still add to the score
 * of the candidates that have them; they only stop widening the candidate set, which at 100k
 * memories would otherwise be most of a scope for words like "go" or "like".
 */
export const DEFAULT_POSTINGS_BUDGET = 2000;

/** A query ready for the BM25 candidate read. */
export interface Bm25Plan {
  /** Every query lexeme present in the scopes, rarest first, with its IDF (exact scores use them all). */
  lexemes: string[];
  idfs: number[];
  /** The lexemes that select candidates (an OR query: any may match). */
  matchLexemes: string[];
  avgLength: number;
  /** The best score any memory could get: scores are divided by it, so keyword_score lies in [0, 1]. */
  maxScore: number;
}

/** Lucene's IDF: ln(1 + (N - df + 0.5) / (df + 0.5)), never negative. */
export function idf(docs: number, df: number): number {
  return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
}

/** null when no query word occurs in the scopes (nothing can match). */
export function planBm25(stats: TermStatistics, budget: number = DEFAULT_POSTINGS_BUDGET): Bm25Plan | null {
  const present = stats.terms.filter((t) => t.df > 0).sort((a, b) => a.df - b.df || (a.lexeme < b.lexeme ? -1 : 1));
  if (present.length === 0 || stats.docs <= 0) return null;
  const idfs = present.map((t) => idf(stats.docs, t.df));
  const matchLexemes: string[] = [];
  let visited = 0;
  for (const t of present) {
    if (matchLexemes.length > 0 && visited + t.df > budget) break;
    matchLexemes.push(t.lexeme);
    visited += t.df;
  }
  return {
    lexemes: present.map((t) => t.lexeme), idfs, matchLexemes,
    avgLength: Math.max(1, stats.totalLength / stats.docs),
    maxScore: idfs.reduce((s, v) => s + v * (BM25_K1 + 1), 0),
  };
}

/** An OR tsquery of lexemes, each quoted (a lexeme is matched as is, never parsed as syntax). */
export function orTsQuery(lexemes: readonly string[]): string {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}
