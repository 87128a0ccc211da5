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
