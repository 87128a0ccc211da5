/**
 * A cheap, deterministic token estimate (no tokenizer on the hook's fast path): about four
 * characters per token for English and code, the usual rule of thumb of BPE vocabularies.
 * Segmentation (TOC-03, 4K tokens) needs a stable budget, not an exact count. Counts the characters
 * of the plain text; retrieval's `estimateJsonTokens` counts a value's JSON form (what a reply delivers).
 */
export function estimateTextTokens(text: string): number {
  if (text.length === 0) return 0;
  return Math.ceil(text.length / 4);
}
