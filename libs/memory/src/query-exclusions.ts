/*
 * "What countries except the US has Kevin been to?", "What creative project do they do besides
 * pottery?" A search matches words, not their sense, so the thing a question rules out would find
 * exactly the turns it rules out. The excluded phrase is left out of the text both lists read.
 */

/** Words that rule out what follows them. */
const MARKER = '(?:except(?:\\s+for)?|besides|other\\s+than|apart\\s+from|aside\\s+from|excluding)';
/** The excluded phrase ends at a comma, the end of the question, an auxiliary (the clause goes on), or after this many words. */
const MAX_EXCLUDED_WORDS = 5;
const AUXILIARY = '(?:has|have|had|is|are|was|were|do|does|did|can|could|will|would)';
const EXCLUSION = new RegExp(`\\b${MARKER}\\s+((?:(?!${AUXILIARY}\\b)[^\\s,;?!.]+\\s*){1,${MAX_EXCLUDED_WORDS}})`, 'giu');

/** `text` without the phrases it rules out; the text itself when nothing else would be left. */
export function withoutExclusions(text: string): string {
  const out = text.replace(EXCLUSION, ' ').replace(/\s+([,?!.])/g, '$1').replace(/,+/g, ',').replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3}/u.test(out) ? out : text;
}
