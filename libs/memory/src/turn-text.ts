/*
 * Reading a stored text as a turn of a conversation (ADR-0030, ADR-0041): who said it, whether it
 * asks rather than tells, and which names a question uses. Shared by memory search (retrieval) and
 * conversation search, so both read a "Name: text" line the same way.
 */

/** A turn by another speaker than the one a query names keeps this share of its score. */
export const OTHER_SPEAKER = 0.7;
/** A turn that asks (ends with a question mark, captions aside) keeps this share of its score. */
export const ASKING = 0.8;

/** "Name: text" at the start of a chat line names the speaker (as the summariser reads it). */
const SPEAKER = /^([A-Z][\p{L}\p{N}.'-]{0,30}(?: [A-Z][\p{L}\p{N}.'-]{0,30}){0,2}):\s/u;
const CAPTION = /\s*\[[^\]]{0,2000}\]/g;
/** Capitalised words of a query, possessive dropped: the names it may use. */
const NAME = /\b([A-Z][\p{L}.-]{1,30})(?:'s)?\b/gu;
/** At most this many capitalised words of a query are looked at (a question names few people). */
export const MAX_NAMES = 8;

/** The speaker of a "Name: text" line, or null. */
export const speakerOf = (text: string): string | null => SPEAKER.exec(text)?.[1] ?? null;

/** Whether a turn asks: it ends with a question mark once captions ("[shares …]") are left out. */
export const asks = (text: string): boolean => /\?\s*$/.test(text.replace(CAPTION, ''));

/** The distinct capitalised words of `text` (possessive dropped), at most MAX_NAMES. */
export function capitalisedWords(text: string): string[] {
  return [...new Set([...text.matchAll(NAME)].map((m) => m[1] as string))].slice(0, MAX_NAMES);
}

/**
 * The share of its score a turn keeps given the speakers a query names: OTHER_SPEAKER when the
 * query names exactly one and another said the turn (a turn without a speaker is left alone),
 * times ASKING when the turn asks. Priors multiply; they never remove a turn.
 */
export function turnPrior(text: string, namedSpeakers: readonly string[]): number {
  const only = namedSpeakers.length === 1 ? namedSpeakers[0] : undefined;
  const by = speakerOf(text);
  return (only && by && by !== only ? OTHER_SPEAKER : 1) * (asks(text) ? ASKING : 1);
}

/**
 * The query text without the speakers it names, for the sentence model: every turn carries its
 * speaker, so the name says nothing about what was said (who said it is the turn prior's part).
 */
export function withoutSpeakers(text: string, speakers: readonly string[]): string {
  let out = text;
  for (const s of speakers) out = out.replace(new RegExp(`\\b${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:'s)?\\b`, 'g'), ' ');
  out = out.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3}/u.test(out) ? out : text;
}
