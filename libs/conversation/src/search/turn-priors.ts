import { tellingPrior, turnPrior, type TurnQuery } from '@engram/memory';
import { bestFirst, type EventMatch } from './event-search.js';

/*
 * What a conversation search knows about a turn besides its words (issue 21, ADR-0030): who said
 * it and whether it asks rather than tells. A question about one speaker ("What has Melanie
 * painted?") is answered by that speaker's own turns; the other speaker's turns name her only to
 * address her ("Thanks, Melanie!"). A turn that is itself a question shares the question's words
 * but holds no answer (the reply after it gets its context, event-context.ts). A chat turn of few
 * words, or without a first-person word, rarely holds the answer either (memory's tellingPrior,
 * ADR-0051); an event that starts with no known speaker (an agent's tool output, a note) is not a
 * chat turn and keeps its score.
 */

/**
 * Who said an event: the project's speaker its text starts with ("elise: …" as typed), without
 * regard to case; null when it starts with no known speaker.
 */
export function eventSpeaker(text: string, speakers: readonly string[]): string | null {
  const colon = text.indexOf(':');
  if (colon < 1 || colon > 100) return null;
  const prefix = text.slice(0, colon).toLowerCase();
  return speakers.find((s) => s.toLowerCase() === prefix) ?? null;
}

/** Scores times the turn priors (other speaker, asking, undated for a "when" query, few words), re-sorted; ties by time, then id. */
export function withTurnPriors(hits: readonly EventMatch[], query: TurnQuery, speakers: readonly string[] = []): EventMatch[] {
  return hits.map((h) => {
    const speaker = speakers.length > 0 ? eventSpeaker(h.text, speakers) : undefined;
    const factor = turnPrior(h.text, query, speaker) * (speaker ? tellingPrior(h.text) : 1);
    return factor === 1 ? h : { ...h, score: h.score * factor };
  }).sort(bestFirst);
}
