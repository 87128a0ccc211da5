import { normaliseContent } from '@engram/memory';

/** Lower-cased word tokens of a text (letters and digits; apostrophes dropped: "don't" → "dont"). */
export function tokensOf(text: string): Set<string> {
  const words = normaliseContent(text).match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  return new Set(words.map((w) => w.replace(/['’]/g, '')));
}

/**
 * Token overlap of two descriptions (seed 003 2.1 "share >70% token overlap"): the share of the
 * longer description's distinct tokens that the other one also has, |A ∩ B| / max(|A|, |B|).
 * Symmetric and in [0, 1]. Chosen over Jaccard because Jaccard counts a one-word difference twice
 * ("edited src/a.ts" vs "edited src/b.ts" is 0.6 Jaccard, 0.75 here) and over the overlap
 * coefficient (÷ min) because that calls any short text "similar" to every longer one containing it.
 * Two empty texts overlap fully; one empty text overlaps nothing.
 */
export function tokenOverlap(a: string | ReadonlySet<string>, b: string | ReadonlySet<string>): number {
  const ta = typeof a === 'string' ? tokensOf(a) : a;
  const tb = typeof b === 'string' ? tokensOf(b) : b;
  if (ta.size === 0 && tb.size === 0) return 1;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / Math.max(ta.size, tb.size);
}

/** Seed 003 2.1: descriptions are similar when they share more than this token overlap. */
export const SIMILAR_TOKEN_OVERLAP = 0.7;

/** The seed's rule: strictly more than `threshold` (default 0.7) token overlap. */
export function isSimilarText(a: string | ReadonlySet<string>, b: string | ReadonlySet<string>, threshold = SIMILAR_TOKEN_OVERLAP): boolean {
  return tokenOverlap(a, b) > threshold;
}
