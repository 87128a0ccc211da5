import { windowsIn } from './time/query-dates.js';
import { escapeRegExp } from './escape-reg-exp.js';

/*
 * Reading a stored text as a turn of a conversation (ADR-0030, ADR-0041): who said it, whether it
 * asks rather than tells, and which names a question uses. Shared by memory search (retrieval) and
 * conversation search, so both read a "Name: text" line the same way.
 */

/** A turn by another speaker than the one a query names keeps this share of its score. */
export const OTHER_SPEAKER = 0.7;
/** A turn that asks (ends with a question mark, captions aside) keeps this share of its score. */
export const ASKING = 0.8;

/** A turn that names no time keeps this share of its score when the query asks when something happened. */
export const UNDATED = 0.85;

/**
 * Turns shorter than this many words keep less of their score (lengthPrior). In both dev sets a
 * turn of 40 words or more is evidence for some question 3-4 times as often as one of under ten
 * (realtalk-dev 34-38 % against 9 %, locomo-dev 54 % against 8 %): a fact takes words, and "lol ok",
 * "What sports for example?" or "Thanks Emily!" share a question's words without answering it.
 */
export const FULL_TURN_WORDS = 40;
/** How steeply a short turn's share falls: (words / FULL_TURN_WORDS) ^ this (ADR-0051). */
export const LENGTH_PRIOR_EXPONENT = 0.15;

/**
 * A turn with no first-person word keeps this share of its score (ADR-0051 amendment 1): what a
 * chat tells about a person, the person says of themselves ("I went skiing", "my sister", "we
 * moved"); "That sounds amazing!" or "How was the trip?" reacts or asks. English words only: in
 * a chat in another language every turn keeps the same share and their order does not change.
 */
export const NOT_ABOUT_SPEAKER = 0.85;
const FIRST_PERSON = /\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves)\b/i;

/** "Name: text" at the start of a chat line names the speaker (as the summariser reads it). */
const SPEAKER = /^([A-Z][\p{L}\p{N}.'-]{0,30}(?: [A-Z][\p{L}\p{N}.'-]{0,30}){0,2}):\s/u;
const CAPTION = /\s*\[[^\]]{0,2000}\]/g;
/** Capitalised words of a query, possessive dropped: the names it may use. */
const NAME = /\b([A-Z][\p{L}.-]{1,30})(?:'s)?\b/gu;
/** At most this many capitalised words of a query are looked at (a question names few people). */
export const MAX_NAMES = 8;

/** The speaker of a "Name: text" line, or null. */
export const speakerOf = (text: string): string | null => SPEAKER.exec(text)?.[1] ?? null;

/**
 * Who said a turn: its metadata's `speaker` when it has one (real chats keep names as people
 * typed them: "elise"), else the "Name:" its text starts with.
 */
export function turnSpeaker(text: string, metadata?: unknown): string | null {
  const said = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>)['speaker'] : undefined;
  if (typeof said === 'string' && said.trim() !== '' && said.length <= 100) return said.trim();
  return speakerOf(text);
}

/** Whether a turn asks: it ends with a question mark once captions ("[shares …]") are left out. */
export const asks = (text: string): boolean => /\?\s*$/.test(text.replace(CAPTION, ''));

/** What a turn may tell besides its question and still only ask: a greeting, a compliment ("Wow, love that purple color!"). */
export const ASIDE_WORDS = 15;

/**
 * Whether a turn only asks (ADR-0058): it ends with a question, and its other sentences hold at
 * most ASIDE_WORDS words. "For walking or running?" asks; "Today I went to the spa and got a
 * massage. How about you?" tells, and its question is courtesy.
 */
export const onlyAsks = (text: string): boolean => {
  const said = text.replace(CAPTION, '').replace(SPEAKER, '').trim();
  if (!/\?\s*$/.test(said)) return false;
  const told = said.split(/(?<=[.!?])\s+/).filter((sentence) => !/\?\s*$/.test(sentence)).join(' ');
  return told.split(/\s+/).filter(Boolean).length <= ASIDE_WORDS;
};

/** The distinct capitalised words of `text` (possessive dropped), at most MAX_NAMES. */
export function capitalisedWords(text: string): string[] {
  return [...new Set([...text.matchAll(NAME)].map((m) => m[1] as string))].slice(0, MAX_NAMES);
}

/** Whether a query asks when something happened: "When did …", "what year …", "how long ago …". */
export const asksWhen = (query: string): boolean =>
  /^\W*when\b/i.test(query) || /\b(?:what|which)\s+(?:date|day|month|year)\b|\bhow long ago\b/i.test(query);

/** Words by which a question asks for more than one thing, or for what two people share. */
const SEVERAL = /\b(?:both|all|common|kinds? of|types? of|sorts? of|ways|some|various|different|several|things|besides|except|other than)\b/i;
/** "What are …", "Which were …": a plural subject. */
const WHAT_ARE = /^\W*(?:what|which)\s+(?:are|were)\b/i;
/** "Where has she …", "Where have they …": every place so far. */
const WHERE_HAS = /^\W*where\s+(?:has|have)\b/i;
/** "What (Italian) dishes does …", "In which countries did …": a plural noun of up to four words before the verb. */
const PLURAL_OBJECT = /^\W*(?:in\s+|from\s+)?(?:what|which)\s+(?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]{2,}s\s+(?:do|does|did|has|have|are|were|can|could|would|will|is|was)\b/iu;
/** "What is …", "What does …": an auxiliary right after the question word is not a plural noun. */
const AUXILIARY_FIRST = /^\W*(?:what|which)\s+(?:is|was|does|has)\b/i;

/**
 * Whether a query asks for several things (ADR-0053): a list ("What are Kate's hobbies?", "Which
 * cities has he visited?", "What sports does she play?") or what two people share ("What do they
 * have in common?"). Its answer is spread over several moments of a conversation, so its top ranks
 * should hold several of them (spreadOverMoments). English words only: in another language no
 * query asks for several and the ranking is as before.
 */
export const asksForSeveral = (query: string): boolean =>
  SEVERAL.test(query) || WHAT_ARE.test(query) || WHERE_HAS.test(query) || (PLURAL_OBJECT.test(query) && !AUXILIARY_FIRST.test(query));

// Only whether a text names a time matters here, not which: any reference date will do.
const ANY_REFERENCE = new Date(Date.UTC(2000, 0, 1));

/**
 * Relative times a speaker uses that the query-date reader does not turn into windows (it reads
 * queries against the clock, where "last Friday" is rarely asked): weekdays, weekends, seasons,
 * nights, and the future.
 */
const SPOKEN_TIME = new RegExp(
  '\\b(?:tomorrow|tonight|last night|(?:last|next|this|this past|past|coming)\\s+' +
    '(?:week|weekend|month|year|night|morning|evening|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)' +
    '|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple(?: of)?|\\d{1,2})\\s+(?:day|week|weekend|month|year)s?\\s+ago)\\b', 'i');

/** Whether a text names a time ("yesterday", "last Friday", "two years ago", "May 2023"). */
export const saysWhen = (text: string): boolean => {
  const said = text.replace(CAPTION, '');
  return SPOKEN_TIME.test(said) || windowsIn(said, ANY_REFERENCE).length > 0;
};

/** What a query tells about the turns that answer it: the speakers it names, and whether it asks when. */
export interface TurnQuery {
  namedSpeakers: readonly string[];
  asksWhen: boolean;
}

/**
 * The share of its score a turn keeps given the query: OTHER_SPEAKER when the query names exactly
 * one speaker and another said the turn (`speaker`, compared without case; a turn without a
 * speaker is left alone), times ASKING when
 * the turn asks, times UNDATED when the query asks when and the turn names no time (the turn that
 * answers "when did she paint it?" says "last year", the session's date does the rest). Priors
 * multiply; they never remove a turn.
 */
export function turnPrior(text: string, query: TurnQuery, speaker: string | null = speakerOf(text)): number {
  const only = query.namedSpeakers.length === 1 ? query.namedSpeakers[0]?.toLowerCase() : undefined;
  const by = speaker?.toLowerCase();
  return (only && by && by !== only ? OTHER_SPEAKER : 1) * (asks(text) ? ASKING : 1) * (query.asksWhen && !saysWhen(text) ? UNDATED : 1);
}

/** What the speaker said: the text without its "Name:" prefix and image captions. */
const spoken = (text: string): string => text.replace(CAPTION, ' ').replace(SPEAKER, '');

function lengthShare(said: string): number {
  const words = said.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)?.length ?? 0;
  return words >= FULL_TURN_WORDS ? 1 : (Math.max(1, words) / FULL_TURN_WORDS) ** LENGTH_PRIOR_EXPONENT;
}

/**
 * The share of its score a turn of few words keeps: (words / FULL_TURN_WORDS) ^ LENGTH_PRIOR_EXPONENT,
 * 1 from FULL_TURN_WORDS words on (0.57 for one word, 0.81 for ten, 0.90 for twenty). Words are
 * counted without the "Name:" prefix and image captions. Like the other priors it multiplies and
 * never removes a turn; it applies to dialogue turns only (the callers decide what is a turn).
 */
export const lengthPrior = (text: string): number => lengthShare(spoken(text));

/** Whether a turn speaks of its speaker: a first-person word outside the "Name:" prefix and captions. */
export const speaksOfSelf = (text: string): boolean => FIRST_PERSON.test(spoken(text));

/**
 * What a dialogue turn's own text tells of its chance to hold an answer: lengthPrior times
 * NOT_ABOUT_SPEAKER when it has no first-person word. Applied to chat turns only, after fusion.
 */
export function tellingPrior(text: string): number {
  const said = spoken(text);
  return lengthShare(said) * (FIRST_PERSON.test(said) ? 1 : NOT_ABOUT_SPEAKER);
}

/**
 * The query text without the speakers it names, for the sentence model: every turn carries its
 * speaker, so the name says nothing about what was said (who said it is the turn prior's part).
 */
export function withoutSpeakers(text: string, speakers: readonly string[]): string {
  let out = text;
  for (const s of speakers) out = out.replace(new RegExp(`\\b${escapeRegExp(s)}(?:['’]s)?\\b`, 'g'), ' ');
  out = out.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3}/u.test(out) ? out : text;
}
