/*
 * What makes a sentence worth a summary bullet (issue 21): facts — who did what, when, what was
 * decided or planned — over chit-chat ("Wow, that's awesome!") and over attachment captions,
 * which stay in the log as evidence but are not what was said. Pure and deterministic.
 */

/** Praise, greetings and fillers: a sentence made of these says little that can be recalled. */
const CHAT = new Set((
  'wow awesome amazing great love loved lovely thanks thank cool glad congrats congratulations hey hi hello proud beautiful ' +
  'nice sounds totally fun happy good sweet cute incredible wonderful agree definitely absolutely hope enjoy bye soon care ' +
  'true really super stunning gorgeous fantastic inspiring appreciate omg haha lol yay oh ah sure exactly'
).split(' '));

/** Whether a word is praise, greeting or filler (never a keyword). */
export const isChatWord = (w: string): boolean => CHAT.has(w.toLowerCase());

/** Actions told in the past tense, the stuff of "what happened". */
const DONE = /\b(?:went|got|took|made|bought|started|joined|moved|gave|saw|ran|began|found|decided|finished|won|lost|met|visited|signed|adopted|painted|wrote|built|fixed|learned|tried|had|was|were|did)\b|\b\w{3,}ed\b/i;
/** Intent and plans: what is still open. */
export const PLAN = /\b(?:plan(?:s|ning|ned)?|going to|gonna|will|want(?:s)? to|thinking (?:of|about)|next (?:week|month|year|time)|decid(?:e|ed) to|todo|to-do|follow up|need(?:s)? to)\b/i;
const SELF = new Set(['i', "i'm", "i've", "i'd", "i'll", 'me', 'my', 'mine', 'we', "we're", "we've", 'our', 'us']);
const OTHER = new Set(['you', "you're", "you've", "you'd", "you'll", 'your', 'yours']);
/** Bracketed asides such as "[shares a photo of ...]" or "[image: ...]": captions, not speech. */
const CAPTION = /\s*\[[^\]]{0,2000}\]/g;
/** "Name: text" at the start of a chat line names the speaker. */
const SPEAKER = /^([A-Z][\p{L}\p{N}.'-]{0,30}(?: [A-Z][\p{L}\p{N}.'-]{0,30}){0,2}):\s+/u;

/** The speaker a transcript line names, and the line without that prefix and without captions. */
export function spokenPart(text: string): { speaker: string | null; said: string } {
  const m = SPEAKER.exec(text);
  const said = (m ? text.slice(m[0].length) : text).replace(CAPTION, '').trim();
  return { speaker: m ? (m[1] as string) : null, said };
}

/**
 * A multiplier for a sentence's term score: chit-chat and questions down, concrete facts
 * (numbers, names, dates, things done) and plans up.
 */
export function contentFactor(sentence: string): number {
  const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
  if (words.length === 0) return 0;
  const chat = words.filter((w) => CHAT.has(w)).length / words.length;
  let f = Math.max(0, 1 - 1.5 * chat);
  if (/\?\s*$/.test(sentence)) f *= 0.5;
  if (/\d/.test(sentence)) f *= 1.3;
  if (/\s[A-Z][a-z]{2,}/.test(sentence.slice(1))) f *= 1.2; // a name past the first word
  if (DONE.test(sentence)) f *= 1.3;
  if (PLAN.test(sentence)) f *= 1.2;
  if (words.length < 5) f *= 0.6;
  return f;
}

/**
 * A further multiplier for ranking sentences that passed the content floor: in a dialogue, facts
 * are told about oneself ("I signed up for…", "my kids…"); a sentence about "you" with no "I" is
 * mostly a reaction to what the other said, which their own line states.
 */
export function voiceFactor(sentence: string): number {
  const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
  const self = words.some((w) => SELF.has(w));
  const other = words.some((w) => OTHER.has(w));
  if (other && !self) return 0.6;
  return self && !other ? 1.15 : 1;
}

/** Below this factor a sentence is chit-chat: never a bullet, however rare its words. */
export const MIN_CONTENT = 0.4;

/** Whether a bullet states an intent or plan (the memory-context's open threads). */
export const isOpenThread = (text: string): boolean => PLAN.test(text) && !/\?\s*$/.test(text);
