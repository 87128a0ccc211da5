import { analyse, ANTONYMS, overlap, type Statement } from './contradiction-text.js';
import type { Contradiction } from './retrieve.types.js';

/** A statement the detector compares. */
export interface ClaimInput {
  id: string;
  content: string;
}

const SNIPPET = 80;
const snippet = (s: string) => (s.length > SNIPPET ? `${s.slice(0, SNIPPET - 1)}…` : s);
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((w) => !b.has(w)));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((w) => b.has(w));

function negation(a: Statement, b: Statement): string | null {
  if (a.negations % 2 === b.negations % 2) return null;
  if (Math.min(a.content.size, b.content.size) < 1 || overlap(a.content, b.content) < 0.75) return null;
  const shared = [...a.content].filter((w) => b.content.has(w)).slice(0, 5).join(', ');
  return `one statement negates the other (shared terms: ${shared})`;
}

function antonym(a: Statement, b: Statement): string | null {
  for (const [x, y] of ANTONYMS) {
    const hit = (a.tokens.has(x) && b.tokens.has(y) && !a.tokens.has(y) && !b.tokens.has(x))
      || (a.tokens.has(y) && b.tokens.has(x) && !a.tokens.has(x) && !b.tokens.has(y));
    if (!hit) continue;
    const restA = minus(a.content, new Set([x, y]));
    const restB = minus(b.content, new Set([x, y]));
    if (Math.min(restA.size, restB.size) >= 1 && overlap(restA, restB) >= 0.6) {
      return `opposite terms "${x}" / "${y}" about the same thing`;
    }
  }
  return null;
}

function differentValue(a: Statement, b: Statement): string | null {
  if (a.subject && b.subject && a.value && b.value && a.subject.size > 0 && sameSet(a.subject, b.subject)
    && a.value.size > 0 && b.value.size > 0 && !sameSet(a.value, b.value) && overlap(a.value, b.value) < 1) {
    return `same subject "${[...a.subject].join(' ')}" with different values "${[...a.value].join(' ')}" vs "${[...b.value].join(' ')}"`;
  }
  const numbersDiffer = a.numbers.length > 0 && b.numbers.length > 0 && !sameSet(new Set(a.numbers), new Set(b.numbers));
  const wordsA = new Set([...a.content].filter((w) => !/^\d/.test(w)));
  const wordsB = new Set([...b.content].filter((w) => !/^\d/.test(w)));
  if (numbersDiffer && wordsA.size >= 2 && overlap(wordsA, wordsB) >= 0.8) {
    return `same statement with different numbers (${a.numbers.join(', ')} vs ${b.numbers.join(', ')})`;
  }
  return null;
}

/** Why two statements contradict each other, or null. Negation first, then antonyms, then values. */
export function contradictionBetween(a: string, b: string): { kind: Contradiction['kind']; reason: string } | null {
  const sa = analyse(a);
  const sb = analyse(b);
  if (sameSet(sa.tokens, sb.tokens)) return null;
  const n = negation(sa, sb);
  if (n) return { kind: 'negation', reason: n };
  const x = antonym(sa, sb);
  if (x) return { kind: 'antonym', reason: x };
  const v = differentValue(sa, sb);
  return v ? { kind: 'different_value', reason: v } : null;
}

/**
 * Every contradicting pair among `claims` (seed 000 FR-04 step 3), each with a reason quoting both
 * statements. Flags only: resolving a contradiction needs human judgement (FR-09).
 */
export function detectContradictions(claims: readonly ClaimInput[]): Contradiction[] {
  const found: Contradiction[] = [];
  for (let i = 0; i < claims.length; i++) {
    for (let j = i + 1; j < claims.length; j++) {
      const a = claims[i] as ClaimInput;
      const b = claims[j] as ClaimInput;
      const hit = contradictionBetween(a.content, b.content);
      if (hit) found.push({ ids: [a.id, b.id], kind: hit.kind, reason: `${hit.reason}: "${snippet(a.content)}" vs "${snippet(b.content)}"` });
    }
  }
  return found;
}
