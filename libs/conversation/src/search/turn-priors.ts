import { saysWhen, tellingPrior, turnPrior, type TurnQuery } from '@engram/memory';
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
 * A chat turn that tells no news keeps this share of its score (ADR-0061). What a chat holds about
 * a person is mostly news they tell: what they did, saw or bought ("I went to the spa today",
 * "we've just booked Crete"). Turns that react, advise or muse on a topic ("That sounds like a
 * fantastic spa experience!", "Pursuing a career in technology can offer…") share its words and
 * meaning and hold fewer of its facts. In the top 10 of both dev files a turn that tells news was
 * evidence 2.1 (realtalk-dev) and 2.8 (locomo-dev) times as often as one that does not. Every share
 * measured from 0.6 to 0.9 gained on both files; this is the middle of that range.
 */
export const NO_NEWS = 0.75;

/**
 * First person, then a past or perfect verb: "I went", "we've just booked", "I have also visited",
 * "I cut my hair". Regular verbs by their -ed, irregular ones listed. English only: in another
 * language only a turn that names a date reads as news, and the other turns keep one share between them.
 */
const DID = /\b(?:i|we)(?:['’]ve| have| had)?\s+(?:(?:just|also|finally|recently|actually|already|even|never|once)\s+)?(?:\w+ed|been|went|gone|got|gotten|made|had|did|done|took|taken|bought|saw|seen|ran|run|read|cut|began|begun|brought|built|came|found|gave|given|left|lost|met|paid|put|sat|sent|sold|spent|taught|thought|told|tried|won|wrote|written|ate|eaten|drank|felt|fell|flew|heard|held|kept|knew|led|rode|sang|slept|spoke|swam|wore)\b/i;

/** Whether a turn tells news: it says when (memory's saysWhen: "today", "last week", "in May") or what its speaker did. */
export const tellsNews = (text: string): boolean => saysWhen(text) || DID.test(text);

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

/** Scores times the turn priors (other speaker, asking, undated for a "when" query, few words, no news), re-sorted; ties by time, then id. */
export function withTurnPriors(hits: readonly EventMatch[], query: TurnQuery, speakers: readonly string[] = []): EventMatch[] {
  return hits.map((h) => {
    const speaker = speakers.length > 0 ? eventSpeaker(h.text, speakers) : undefined;
    const factor = turnPrior(h.text, query, speaker) * (speaker ? tellingPrior(h.text) * (tellsNews(h.text) ? 1 : NO_NEWS) : 1);
    return factor === 1 ? h : { ...h, score: h.score * factor };
  }).sort(bestFirst);
}
