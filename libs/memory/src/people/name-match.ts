/*
 * Names as people write them (issue 35): a question spells a person differently from the
 * `speaker` field of their turns: another case ("elise" / "Elise"), a letter doubled or dropped
 * ("Paolla"), a first name for a speaker stored with a full name ("John" for "John Smith").
 * These rules compare one word of a query with one speaker's name; nothing here knows any person.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), cut off above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((rows[i - 1] as number[])[j]! + 1, row[j - 1]! + 1, (rows[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2] as number[])[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length]!;
}

/**
 * How far a spelling may stray from a name and still be read as it: short names must match
 * exactly (three letters leave no room: "Emi" and "Ema" are two people), one edit from five
 * letters on, two from nine.
 */
export function allowedEdits(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a name: "John Smith" → ["john", "smith"]. */
export const nameParts = (name: string): string[] => fold(name).split(/[\s._-]+/).filter((p) => p.length > 0);

/**
 * Whether a query `word` names the speaker `name`: the whole name or one of its parts, ignoring
 * case and accents, within {@link allowedEdits} of it. Both sides must look like names (letters).
 */
export function namesSpeaker(word: string, name: string): boolean {
  const w = fold(word).replace(/['’]s$/, '');
  if (!/^\p{L}[\p{L}'’-]*$/u.test(w)) return false;
  const whole = nameParts(name).join('');
  const candidates = [whole, ...nameParts(name)];
  return candidates.some((c) => c === w || (Math.min(c.length, w.length) >= 5 && editDistance(w, c, allowedEdits(Math.min(c.length, w.length))) <= allowedEdits(Math.min(c.length, w.length))));
}
