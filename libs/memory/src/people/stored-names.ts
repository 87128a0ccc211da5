import type { Mention } from './people-book.js';

/**
 * The query as BM25 reads it: a name the chat calls someone ("Kate") becomes the name their turns
 * are stored under ("Emi"). The alias itself mostly matches the other person's turns that say it
 * ("Thanks Kate!"), which hold nothing about her.
 */
export function withStoredNames(text: string, mentions: readonly Mention[]): string {
  let out = text;
  for (const m of mentions) {
    if (m.word.toLowerCase() === m.speaker.toLowerCase()) continue;
    out = out.replace(new RegExp(`(?<![\\p{L}])${m.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?(?![\\p{L}])`, 'gu'), m.speaker);
  }
  return out;
}
