import { sql } from 'kysely';
import { capitalisedWords, turnPrior, type TurnQuery } from '@engram/memory';

import type { ConversationDb } from '../conversation-database.js';
import type { EventMatch } from './event-search.js';

/*
 * What a conversation search knows about a turn besides its words (issue 21, ADR-0030): who said
 * it and whether it asks rather than tells. A question about one speaker ("What has Melanie
 * painted?") is answered by that speaker's own turns; the other speaker's turns name her only to
 * address her ("Thanks, Melanie!"). A turn that is itself a question shares the question's words
 * but holds no answer (the reply after it gets its context, event-context.ts).
 */

const CACHE_TTL_MS = 60_000;

/** The capitalised words of `text` that are speakers of the project ("Caroline:" starts one of its turns). */
export type SpeakerNames = (project: string, text: string) => Promise<string[]>;

/** {@link SpeakerNames} with a per-process cache of which words are (not) speakers of a project. */
export function createSpeakerNames(db: ConversationDb): SpeakerNames {
  const known = new Map<string, { speaker: boolean; at: number }>();
  return async function speakersNamedIn(project: string, text: string): Promise<string[]> {
    const words = capitalisedWords(text);
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

/** Scores times the turn priors (other speaker, asking, undated for a "when" query), re-sorted; ties by time, then id. */
export function withTurnPriors(hits: readonly EventMatch[], query: TurnQuery): EventMatch[] {
  return hits.map((h) => {
    const factor = turnPrior(h.text, query);
    return factor === 1 ? h : { ...h, score: h.score * factor };
  }).sort((a, b) => b.score - a.score || a.ts.getTime() - b.ts.getTime() || (a.eventId < b.eventId ? -1 : 1));
}
