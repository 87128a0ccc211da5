import { normaliseSteps, runNow, spaceSlices, type Steps } from '@engram/memory';
import { CONFLICT_JACCARD, isNegation } from './similarity.js';

// Postgres' `english` text search configuration drops these (the Snowball list): a query on one
// of them matches nothing, so they can never be the words a candidate is found by.
const PG_ENGLISH_STOP_WORDS = new Set(`i me my myself we our ours ourselves you your yours yourself yourselves he him his
himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is
are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for
with about against between into through during before after above below to from up down in out on off over under again
further then once here there when where why how all any both each few more most other some such no nor not only own same so
than too very s t can will just don should now`.split(/\s+/));

// A plain word or number between spaces, maybe with punctuation around it. Postgres' parser
// reads other shapes differently from tokenSet (contractions "they'll" → they, ll; hosts, emails,
// paths, file names and versions as one token: "example.com", "a@b.io", "1.5"), so words inside
// them are never searched by. Numbers (tickets, ports, amounts) are usually the rarest words of a
// memory, which keeps the candidate search small; the reader also matches a number written inside
// a code or a date ("SEC-5667" is indexed as 'sec' and '-5667').
// Words longer than MAX_WORD_LENGTH letters are never searched by: no language needs them, and the
// Porter2 stemmer is quadratic in a word's length (one 100 000-letter word took 96 s, issue 17).
export const MAX_WORD_LENGTH = 64;
const PLAIN_WORD = new RegExp(`^[("'[#]*(\\p{L}{3,${MAX_WORD_LENGTH}}|[0-9]{2,18})[)"'\\].,;:!?%]*$`, 'u');

/** Distinct words of the text that tokenSet yields and full-text search finds by the same word. */
export function searchableWords(text: string): string[] {
  return runNow(searchableWordsSteps(text));
}

/** {@link searchableWords} as steps of one slice of the normalised text each (turns.ts). */
export function* searchableWordsSteps(text: string): Steps<string[]> {
  const words = new Set<string>();
  for (const slice of spaceSlices(yield* normaliseSteps(text))) {
    yield;
    for (const chunk of slice.split(' ')) {
      const w = PLAIN_WORD.exec(chunk)?.[1];
      if (w !== undefined && !PG_ENGLISH_STOP_WORDS.has(w) && !isNegation(w)) words.add(w);
    }
  }
  return [...words];
}

/** Code-unit order: deterministic, and ~100x cheaper than localeCompare on thousands of words. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Longest first, then alphabetical: the order when no word statistics are at hand. */
export function longestFirst(words: readonly string[]): string[] {
  return [...words].sort((a, b) => b.length - a.length || compareText(a, b));
}

/**
 * The searches Layer 2 runs for a create (prefix filtering for set-similarity joins): a record
 * whose token Jaccard with a text of n tokens is at least t contains at least ceil(t·n) of them,
 * so it lacks at most n − ceil(t·n); ANY n − ceil(t·n) + 1 of the tokens therefore include one it
 * has. Searching by that many words finds every record the check could flag, whichever words they
 * are; choosing the rarest (`order`) keeps the rows to rank few as memory grows.
 * - near duplicates: Jaccard ≥ the policy threshold over all tokens;
 * - conflicts: Jaccard ≥ CONFLICT_JACCARD with negations left out, AND the opposite polarity, so a
 *   text without a negation only needs the (few) negated records of its group.
 * A list is undefined when too few words are searchable: then that search uses all of them.
 */
export interface CandidatePlan {
  /** The searchable words of the text, in `order`. */
  words: string[];
  nearTerms: string[] | undefined;
  conflictTerms: string[] | undefined;
  /** Whether the text itself is negated (then its conflicts are the records that are not). */
  negated: boolean;
}

/**
 * Words ranked by rarity at most (each is stemmed to be looked up). Any words keep prefix
 * filtering exact, so a long text ranks its first MAX_RANKED_WORDS distinct words and appends the
 * rest longest first: bounded work per request however long the text (issue 17).
 */
export const MAX_RANKED_WORDS = 1024;

export function candidatePlan(text: string, tokens: Set<string>, nearDuplicateJaccard: number, order: (w: readonly string[]) => string[] = longestFirst): CandidatePlan {
  return planFromWords(searchableWords(text), tokens, nearDuplicateJaccard, order);
}

/** {@link candidatePlan} from the text's searchable words, already split (the gate splits in turns). */
export function planFromWords(all: string[], tokens: Set<string>, nearDuplicateJaccard: number, order: (w: readonly string[]) => string[] = longestFirst): CandidatePlan {
  const words = all.length <= MAX_RANKED_WORDS ? order(all) : [...order(all.slice(0, MAX_RANKED_WORDS)), ...longestFirst(all.slice(MAX_RANKED_WORDS))];
  const prefix = (n: number, t: number) => {
    const needed = n - Math.ceil(t * n) + 1;
    return words.length >= needed ? words.slice(0, needed) : undefined;
  };
  const withoutNegations = [...tokens].filter((t) => !isNegation(t)).length;
  return {
    words, nearTerms: prefix(tokens.size, nearDuplicateJaccard), conflictTerms: prefix(withoutNegations, CONFLICT_JACCARD),
    negated: [...tokens].some(isNegation),
  };
}
