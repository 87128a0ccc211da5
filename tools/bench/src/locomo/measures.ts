// Scoring helpers of the real-conversation benchmark: which dataset turns a search result points
// at, whether a memory-context block holds an answer's content words, repeated bullets.
import type { Conversation, Question } from './dataset.js';

/** Event ids of one conversation mentioned anywhere in a JSON value (event hits, provenance, metadata). */
export function eventIdsIn(value: unknown, sampleId: string): Set<string> {
  const re = new RegExp(`${sampleId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:D\\d+:\\d+`, 'g');
  return new Set(JSON.stringify(value).match(re) ?? []);
}

/** Whether any of a question's evidence turns is among `found` (event ids). */
export function hasEvidence(q: Question, c: Conversation, found: ReadonlySet<string>): boolean {
  return q.evidence.some((d) => found.has(`${c.sampleId}:${d}`));
}

const STOPWORDS = new Set(('a an and are as at be but by did do does for from had has have he her his i in is it its me my no not of ' +
  'on or our she so than that the their them then there they this to too was we were what when where which who why will with ' +
  'you your yes about after before during into over under up down out just also very can could would should may might one two').split(' '));

/**
 * Lower-case words of a text; a number glued to a word is split from it ("3June, 2022" in some
 * answers of the dataset is "3 June 2022": no text would ever hold the token "3june").
 */
const wordsOf = (text: string): string[] => text.toLowerCase().replace(/(\p{N})(\p{L})|(\p{L})(\p{N})/gu, '$1$3 $2$4').split(/[^\p{L}\p{N}]+/u);

/** Lower-case content words of an answer (stopwords and one-letter tokens dropped). */
export function contentWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => w.length > 1 && !STOPWORDS.has(w)))];
}

/** Whether every content word of `answer` occurs as a word of `block` (false for an answer without any). */
export function holdsAnswer(block: string, answer: string): boolean {
  const words = contentWords(answer);
  if (words.length === 0) return false;
  const have = new Set(wordsOf(block));
  return words.every((w) => have.has(w));
}

/** Bullet lines ("- ...", grip ids stripped) that occur more than once. */
export function repeatedBullets(block: string): number {
  const seen = new Map<string, number>();
  for (const line of block.split('\n')) {
    if (!line.startsWith('- ')) continue;
    const key = line.replace(/\s*\[grip:[^\]]*\]\s*$/, '').trim();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen.values()].reduce((n, k) => n + (k > 1 ? k - 1 : 0), 0);
}

/**
 * Sessions a memory-context block covers: those with a turn inside one of its segment headings
 * ("### 2023-05-08 13:56 – 2023-05-08 14:12 UTC · ...", minute precision, end inclusive).
 */
export function coveredSessions(block: string, c: Conversation): Set<number> {
  const ranges: [number, number][] = [];
  for (const m of block.matchAll(/^###\s+(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\s+–\s+(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\s+UTC/gm)) {
    ranges.push([Date.parse(`${m[1]}Z`), Date.parse(`${m[2]}Z`) + 60_000]);
  }
  const out = new Set<number>();
  for (const t of c.turns) if (ranges.some(([a, b]) => t.ts.getTime() >= a && t.ts.getTime() <= b)) out.add(t.session);
  return out;
}

/** The session of each evidence turn of `q`. */
export function evidenceSessions(q: Question, c: Conversation): Set<number> {
  const byDia = new Map(c.turns.map((t) => [t.diaId, t.session]));
  return new Set(q.evidence.map((d) => byDia.get(d)).filter((s): s is number => s !== undefined));
}

export const pct = (n: number, d: number): string => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
