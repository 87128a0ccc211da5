import { normaliseSteps, runNow, spaceSlices, type Steps } from '@engram/memory';

const NEGATIONS = new Set(['not', 'no', 'never', 'dont', 'doesnt', 'isnt', 'arent', 'wasnt', 'cannot', 'cant', 'wont', 'shouldnt', 'avoid', 'without', 'neither', 'nor']);

/** Lower-cased word set of a text (apostrophes dropped: "don't" → "dont"). */
export function tokenSet(text: string): Set<string> {
  return runNow(tokenSetSteps(text));
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * {@link tokenSet} as steps of one slice each (turns.ts). The normalised text holds only single
 * spaces as whitespace and no token contains one, so slicing after a space splits no token.
 */
export function* tokenSetSteps(text: string, remember = true): Steps<Set<string>> {
  const out = new Set<string>();
  for (const slice of spaceSlices(yield* normaliseSteps(text, remember))) {
    yield;
    for (const w of slice.match(TOKEN) ?? []) out.add(w.replace(/['’]/g, ''));
  }
  return out;
}

/** Jaccard similarity of two token sets (1 = same words). */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Token Jaccard (negations left out) from which two statements of opposite polarity conflict. */
export const CONFLICT_JACCARD = 0.6;

/**
 * Token Jaccard from which Layer 2 links a new record to an existing one with a similar_to edge:
 * the same subject in other words, well below a near duplicate (ADR-0010).
 */
export const SIMILAR_JACCARD = 0.5;

export function isNegation(token: string): boolean {
  return NEGATIONS.has(token);
}

function withoutNegations(s: Set<string>): Set<string> {
  return new Set([...s].filter((t) => !NEGATIONS.has(t)));
}

function negated(s: Set<string>): boolean {
  return [...s].some((t) => NEGATIONS.has(t));
}

/**
 * Cheap contradiction heuristic: the same statement except that exactly one side is negated
 * ("we use Redis" / "we do not use Redis"). False positives go to a human, which is acceptable.
 */
export function looksContradictory(a: string, b: string, threshold = CONFLICT_JACCARD): boolean {
  return contradictoryTokens(tokenSet(a), tokenSet(b), threshold);
}

/** {@link looksContradictory} on token sets already computed (the gate scores each candidate once). */
export function contradictoryTokens(ta: Set<string>, tb: Set<string>, threshold = CONFLICT_JACCARD): boolean {
  return negated(ta) !== negated(tb) && jaccard(withoutNegations(ta), withoutNegations(tb)) >= threshold;
}
