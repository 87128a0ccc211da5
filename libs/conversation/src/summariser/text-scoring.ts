/*
 * Term extraction and scoring for the extractive summariser: lower-cased words of 3+ letters minus
 * English stop words, scored TF-IDF style with each event as a document. Pure and deterministic:
 * ties are broken alphabetically, never by insertion order of a hash map.
 */
const STOP = new Set((
  'the and for are but not you your yours with this that these those from have has had was were will would can could ' +
  'should shall may might must into onto over under about above below after before then than them they their there here ' +
  'what when where which while who whom whose why how all any both each few more most other some such only own same too ' +
  'very just also now out off again once further our ours ourselves his her hers him its itself she he we us i me my mine ' +
  'been being did does doing done get got let lets okay yes yeah sure thanks thank please like want need use used using ' +
  'one two three make made see look going know think well way because until via per its it\'s i\'m don\'t can\'t won\'t ' +
  'let\'s that\'s there\'s what\'s didn\'t doesn\'t isn\'t aren\'t wasn\'t '
).split(/\s+/).filter(Boolean));

/** Content terms of a text, in order of appearance (duplicates kept). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z0-9_'-]*[a-z0-9]|[a-z]{3,}/g)) {
    const w = m[0].replace(/'s$/, '');
    if (w.length >= 3 && w.length <= 40 && !STOP.has(w)) out.push(w);
  }
  return out;
}

/**
 * TF-IDF-ish weight of every term over documents: (1 + ln tf) · ln(1 + N / df). The term frequency
 * counts sublinearly: a topic word said ten times in a segment ("adoption") does not make every
 * sentence that uses it ten times more telling than one that names a thing once (issue 37).
 */
export function termWeights(documents: readonly string[][]): Map<string, number> {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const doc of documents) {
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = documents.length;
  const weights = new Map<string, number>();
  for (const [t, f] of tf) weights.set(t, (1 + Math.log(f)) * Math.log(1 + n / (df.get(t) ?? 1)));
  return weights;
}

/** The k best terms by weight (ties alphabetical). */
export function topTerms(weights: ReadonlyMap<string, number>, k: number): string[] {
  return [...weights.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, k)
    .map(([t]) => t);
}

/** Sentences of a text (split on . ! ? and new lines), trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length > 0);
}

/** Cuts a text to at most max characters on a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Jaccard overlap of two term sets (used to keep bullets from repeating each other). */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
