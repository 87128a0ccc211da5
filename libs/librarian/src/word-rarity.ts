import { runInTurns, type Steps } from '@engram/memory';
import stem from 'wink-porter2-stemmer';
import { compareText } from './candidate-terms.js';

/**
 * The lexeme Postgres' `english` configuration indexes a searchable word under: its Snowball
 * English (Porter2) stem, which is what wink-porter2-stemmer computes ("tests", "testing" and
 * "test" are one posting list, 'test'). Numbers are their own lexeme.
 */
export function lexemeOf(word: string): string {
  // The stemmer is quadratic in the word's length; longer words are never searched by anyway.
  if (/^[0-9]+$/.test(word) || word.length > MAX_STEMMED_LENGTH) return word;
  let lexeme = LEXEMES.get(word);
  if (lexeme === undefined) {
    if (LEXEMES.size >= MAX_CACHED_LEXEMES) LEXEMES.clear();
    lexeme = stem(word);
    LEXEMES.set(word, lexeme);
  }
  return lexeme;
}

// Stemming is the costly part of ranking words; a vocabulary repeats, so stems are remembered.
const LEXEMES = new Map<string, string>();
const MAX_CACHED_LEXEMES = 100_000;

/** Words stemmed per step by `primeSteps`. */
const PRIME_BATCH = 64;

/** Same cap as candidate-terms' searchable words. */
const MAX_STEMMED_LENGTH = 64;

/**
 * How often this gate has seen each word in the texts written through it. Used only to ORDER the
 * Layer 2 prefix-filter words rarest first: any choice of that many words keeps the candidate
 * search exact (see candidate-terms.ts), so a cold or skewed table costs speed, never a missed
 * duplicate. Rare words have short posting lists, which is what keeps the search small as the
 * store grows. In process rather than from pg_stats: statistics exist only after ANALYZE (never
 * on PGlite, which has no autovacuum), and a query that looks them up plans blind (ADR-0016).
 * Words are counted by lexeme, the key of the index's posting lists: counted by surface form,
 * "test" looked rare beside "tests" while its posting list held both.
 */
export class WordRarity {
  private readonly counts = new Map<string, number>();

  private warming: Promise<void> | undefined;

  /** `maxWords` bounds the table; past it every count is halved and words at zero are forgotten. */
  constructor(private readonly maxWords = 50_000) {}

  /**
   * Seeds the counts once per process from a sample of stored texts (a restarted server would
   * otherwise order longest first until it had seen enough writes). A failed load is retried next time.
   */
  warm(sample: () => Promise<readonly string[][]>): Promise<void> {
    this.warming ??= sample().then(
      (texts) => runInTurns(this.observeSteps(texts)),
      () => { this.warming = undefined; },
    );
    return this.warming;
  }

  /** Counts each text's words, one text per step (thousands of sampled texts would stem for long). */
  private *observeSteps(texts: readonly string[][]): Steps<void> {
    for (const words of texts) {
      yield;
      this.observe(words);
    }
  }

  /**
   * Stems the words ahead of `order` and `observe`, a batch per step: cold, the 1,024 words of a
   * long text took tens of milliseconds in one go (issue 17).
   */
  *primeSteps(words: readonly string[]): Steps<void> {
    for (let i = 0; i < words.length; i += PRIME_BATCH) {
      yield;
      for (const w of words.slice(i, i + PRIME_BATCH)) lexemeOf(w);
    }
  }

  observe(words: Iterable<string>): void {
    for (const w of new Set([...words].map(lexemeOf))) this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
    if (this.counts.size > this.maxWords) this.halve();
  }

  /** Texts seen with this word's lexeme. */
  count(word: string): number {
    return this.counts.get(lexemeOf(word)) ?? 0;
  }

  /** Rarest first; ties (an unseen word, a cold table) go to the longer word, then alphabetical. */
  order(words: readonly string[]): string[] {
    const seen = new Map(words.map((w) => [w, this.count(w)]));
    return [...words].sort((a, b) => (seen.get(a) as number) - (seen.get(b) as number) || b.length - a.length || compareText(a, b));
  }

  private halve(): void {
    for (const [w, c] of this.counts) {
      if (c < 2) this.counts.delete(w);
      else this.counts.set(w, c >> 1);
    }
  }
}
