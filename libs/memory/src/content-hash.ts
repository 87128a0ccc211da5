import { createHash } from 'node:crypto';

/** Normalises text for duplicate detection: trimmed, whitespace collapsed, lower-cased (NFKC). */
export function normaliseContent(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** sha256 (hex) of the normalised content: equal hashes mean exact duplicates. */
export function contentHash(text: string): string {
  return createHash('sha256').update(normaliseContent(text), 'utf8').digest('hex');
}
