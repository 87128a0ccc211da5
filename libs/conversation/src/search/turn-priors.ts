import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';
import type { EventMatch } from './event-search.js';

/*
 * What a conversation search knows about a turn besides its words (issue 21, ADR-0030): who said
 * it and whether it asks rather than tells. A question about one speaker ("What has Melanie
 * painted?") is answered by that speaker's own turns; the other speaker's turns name her only to
 * address her ("Thanks, Melanie!"). A turn that is itself a question shares the question's words
 * but holds no answer (the reply after it gets its context, event-context.ts).
 */

/** A turn by another speaker than the one the query names keeps this share of its score. */
export const OTHER_SPEAKER = 0.7;
/** A turn that asks (ends with a question mark, captions aside) keeps this share of its score. */
export const ASKING = 0.8;

/** "Name: text" at the start of a chat line names the speaker (as the summariser reads it). */
const SPEAKER = /^([A-Z][\p{L}\p{N}.'-]{0,30}(?: [A-Z][\p{L}\p{N}.'-]{0,30}){0,2}):\s/u;
const CAPTION = /\s*\[[^\]]{0,2000}\]/g;
/** Capitalised words of a query, possessive dropped: the names it may use. */
const NAME = /\b([A-Z][\p{L}.-]{1,30})(?:'s)?\b/gu;
const MAX_NAMES = 8;
const CACHE_TTL_MS = 60_000;

export const speakerOf = (text: string): string | null => SPEAKER.exec(text)?.[1] ?? null;
export const asks = (text: string): boolean => /\?\s*$/.test(text.replace(CAPTION, ''));

/** The capitalised words of `text` that are speakers of the project ("Caroline:" starts one of its turns). */
export type SpeakerNames = (project: string, text: string) => Promise<string[]>;

/** {@link SpeakerNames} with a per-process cache of which words are (not) speakers of a project. */
export function createSpeakerNames(db: ConversationDb): SpeakerNames {
  const known = new Map<string, { speaker: boolean; at: number }>();
  return async function speakersNamedIn(project: string, text: string): Promise<string[]> {
    const words = [...new Set([...text.matchAll(NAME)].map((m) => m[1] as string))].slice(0, MAX_NAMES);
    const key = (w: string) => `${project}\u0000${w}`;
    const fresh = (w: string) => { const k = known.get(key(w)); return k && Date.now() - k.at < CACHE_TTL_MS ? k : undefined; };
    const ask = words.filter((w) => !fresh(w));
    if (ask.length) {
      // One statement: a word is a speaker when a turn of the project starts with "Word:" (the
      // full-text index narrows to turns holding the word; the prefix test reads their text).
      const r = await sql<{ w: string; speaker: boolean }>`SELECT w, EXISTS (SELECT 1 FROM conversation_events e
          WHERE e.project = ${project} AND e.search_tsv @@ plainto_tsquery('english', w) AND starts_with(e.text, w || ':')) AS speaker
        FROM unnest(${ask}::text[]) AS w`.execute(db);
      for (const row of r.rows) known.set(key(row.w), { speaker: row.speaker, at: Date.now() });
    }
    return words.filter((w) => fresh(w)?.speaker);
  };
}

/**
 * The query text without the speakers it names, for the sentence model: every turn carries its
 * speaker, so the name says nothing about what was said (who said it is OTHER_SPEAKER's part).
 */
export function withoutSpeakers(text: string, speakers: readonly string[]): string {
  let out = text;
  for (const s of speakers) out = out.replace(new RegExp(`\\b${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:'s)?\\b`, 'g'), ' ');
  out = out.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3}/u.test(out) ? out : text;
}

/** Scores times the turn priors (other speaker, asking), re-sorted; ties by time, then id. */
export function withTurnPriors(hits: readonly EventMatch[], speakers: readonly string[]): EventMatch[] {
  const only = speakers.length === 1 ? speakers[0] : undefined;
  return hits.map((h) => {
    const by = speakerOf(h.text);
    const factor = (only && by && by !== only ? OTHER_SPEAKER : 1) * (asks(h.text) ? ASKING : 1);
    return factor === 1 ? h : { ...h, score: h.score * factor };
  }).sort((a, b) => b.score - a.score || a.ts.getTime() - b.ts.getTime() || (a.eventId < b.eventId ? -1 : 1));
}
