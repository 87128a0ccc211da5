/*
 * Text analysis for the contradiction heuristic (seed 000 FR-04 step 3: "a heuristic, not a
 * logical solver; false positives acceptable"). Words are lower-cased, contractions expanded and
 * lightly stemmed so "isn't enabled" and "is enabled" compare word for word.
 */

export const NEGATORS = new Set(['not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'cannot', 'without', 'nowhere']);

const STOPWORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'for', 'by', 'with', 'from', 'as', 'that', 'this', 'these', 'those',
  'it', 'its', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'we', 'our', 'us', 'you', 'your', 'they',
  'their', 'i', 'my', 'he', 'she', 'his', 'her', 'will', 'would', 'should', 'shall', 'can', 'could', 'may', 'might', 'must', 'has',
  'have', 'had', 'any', 'all', 'so', 'than', 'then', 'there', 'here', 'also', 'very', 'just', 'only', 'now', 'still', 'which', 'who',
  // Not a negator: "nor" continues a negation ("neither … nor", "not … nor") and never starts one,
  // so counting it turned "neither A nor B uses X" into a double negation, read as "A and B use X".
  'nor',
]);

// Opposite pairs of words, stemmed below.
const ANTONYM_WORDS: Array<[string, string]> = [
  ['enabled', 'disabled'], ['enable', 'disable'], ['true', 'false'], ['allow', 'deny'], ['allowed', 'forbidden'],
  ['allowed', 'denied'], ['accept', 'reject'], ['accepted', 'rejected'], ['approve', 'reject'], ['approved', 'rejected'],
  ['include', 'exclude'], ['included', 'excluded'], ['increase', 'decrease'], ['always', 'never'], ['on', 'off'],
  ['yes', 'no'], ['like', 'dislike'], ['prefer', 'avoid'], ['use', 'avoid'], ['required', 'optional'], ['mandatory', 'optional'],
  ['sync', 'async'], ['synchronous', 'asynchronous'], ['public', 'private'], ['safe', 'unsafe'], ['supported', 'unsupported'],
  ['stable', 'unstable'], ['success', 'failure'], ['succeeded', 'failed'], ['pass', 'fail'], ['open', 'closed'],
  ['start', 'stop'], ['before', 'after'], ['more', 'less'], ['higher', 'lower'], ['faster', 'slower'], ['good', 'bad'],
  ['better', 'worse'], ['correct', 'incorrect'], ['valid', 'invalid'], ['up', 'down'], ['keep', 'drop'], ['add', 'remove'],
  ['online', 'offline'], ['active', 'inactive'], ['available', 'unavailable'], ['possible', 'impossible'], ['legal', 'illegal'],
];

/** Opposite pairs; either order counts. Stems (see {@link stem}) of the words, not the words. */
export const ANTONYMS: ReadonlyArray<readonly [string, string]> = ANTONYM_WORDS.map(([a, b]) => [stem(a), stem(b)] as const);

/** A crude stemmer: enough to match plural and simple inflected forms. */
export function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower-cased words with contractions expanded ("isn't" → "is not", "can't" → "can not"). */
export function words(text: string): string[] {
  const expanded = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, 'can not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bshan't\b/g, 'shall not')
    .replace(/n't\b/g, ' not');
  return expanded.match(/\d+(?:[.,]\d+)*|[\p{L}][\p{L}\p{N}_-]*/gu) ?? [];
}

/** The analysed form of one statement. */
export interface Statement {
  /** Content words (no stop words, no negators), stemmed. */
  content: Set<string>;
  /** Every word, stemmed (antonyms may be stop words, e.g. on/off). */
  tokens: Set<string>;
  /** Odd: the statement is negated. */
  negations: number;
  numbers: string[];
  /** "subject is value" split, when the statement has that shape. */
  subject: Set<string> | null;
  value: Set<string> | null;
}

const COPULA = /^(.*?)\s(?:is|are|was|were|equals|=|:|uses|use|set to|runs on|lives in|should be|must be|will be|costs|takes)\s(.+)$/;

function contentWords(tokens: string[]): Set<string> {
  return new Set(tokens.filter((t) => !STOPWORDS.has(t) && !NEGATORS.has(t)).map(stem));
}

/**
 * Analyses a statement (the first sentence decides the subject/value split). A line break ends a
 * sentence too: COPULA's `.` stops at one, so a first line without final punctuation ("The cache
 * is Redis" above a list) used to leave the statement with no subject and value at all.
 */
export function analyse(text: string): Statement {
  const tokens = words(text);
  const firstSentence = (text.split(/(?<=[.!?])\s|[\r\n\u2028\u2029]/)[0] ?? text).toLowerCase().replace(/[.!?]+$/, '');
  const split = COPULA.exec(firstSentence);
  return {
    content: contentWords(tokens),
    tokens: new Set(tokens.map(stem)),
    negations: tokens.filter((t) => NEGATORS.has(t)).length,
    numbers: tokens.filter((t) => /^\d/.test(t)),
    subject: split?.[1] ? contentWords(words(split[1])) : null,
    value: split?.[2] ? contentWords(words(split[2])) : null,
  };
}

/** |A ∩ B| / min(|A|, |B|): 1 when the smaller statement's words all occur in the larger one. */
export function overlap(a: Set<string>, b: Set<string>): number {
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  if (small.size === 0) return 0;
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared / small.size;
}
