import { sentences } from './text-scoring.js';

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

/**
 * Words of feeling and reflection: a sentence made mostly of these ("It really brings home how much
 * love's in families") tells how someone felt, not what happened, and is rarely what is asked later.
 */
const VAGUE = new Set((
  'feel feels feeling felt love loves loved life lives journey support supported supportive important means meaning meaningful ' +
  'special moments moment memories memory reminds remind reminder making make makes keep kind wild incredible something ' +
  'anything everything things thing stuff always never ever much many lot lots really truly so such very way ways people ' +
  'time times happy happiness joy peace strength hard tough experience experiences others everyone someone yourself ' +
  'myself inspiring inspired inspiration courage passion passionate world heart amazing awesome great cool glad mean part ' +
  'totally worth effort hope hopes dream dreams grow growth know believe think thought motivated motivation motivates motivating ' +
  'determined focused focus positive encouragement encouraging words pushing push chasing chase faith priceless challenge ' +
  'challenges grit guts drive talked talk chatted chat catch proud rewarding fulfilling fulfilled excited exciting nervous ' +
  'scary scared brave courageous awesome stoked blast wonderful beautiful gorgeous stunning remember forget appreciate ' +
  'grateful thankful lucky cherish enjoy enjoyed enjoying glad better best good bad tough hard easy'
).split(' '));

/** Concrete markers: a quoted title, a number, a name past the first word, a named thing ("named", "called"). */
const QUOTED = /["“][^"”]{2,60}["”]|'[A-Z][^']{2,40}'/;
const NAMED = /\b(?:named|called|titled|name's|name is|names are)\b/i;
/** "I got …", "We won …", "my son broke …": a first-person event, the core fact of a chat turn. */
const SELF_EVENT = /\b(?:i|we|my|our)\b(?:\s+\w+){0,3}?\s+(?:just\s+|finally\s+|even\s+|recently\s+)?(?:went|got|took|made|bought|started|joined|moved|gave|saw|ran|began|found|decided|finished|won|lost|met|visited|signed|adopted|painted|wrote|built|fixed|learned|passed|received|launched|opened|bought|read|played|watched|traveled|travelled|booked|named|called|\w{3,}ed)\b/i;

/** Actions told in the past tense, the stuff of "what happened". */
const DONE = /\b(?:went|got|took|made|bought|started|joined|moved|gave|saw|ran|began|found|decided|finished|won|lost|met|visited|signed|adopted|painted|wrote|built|fixed|learned|tried|had|was|were|did)\b|\b\w{3,}ed\b/i;
/** Feelings that end in -ed ("excited", "inspired"): a state, not something done. */
const FEELING_ED = /\b(?:excited|interested|talented|inspired|stressed|tired|scared|worried|amazed|blessed|obsessed|pleased|surprised|motivated|determined|relaxed|bored|thrilled|touched|overwhelmed|focused|stoked|pumped|impressed|moved|grounded|connected|appreciated|supported|accepted|loved)\b/gi;

/** Intent and plans: what is still open. */
export const PLAN = /\b(?:plan(?:s|ning|ned)?|going to|gonna|will|want(?:s)? to|thinking (?:of|about)|next (?:week|month|year|time)|decid(?:e|ed) to|todo|to-do|follow up|need(?:s)? to)\b/i;
/** First-person words: a sentence about oneself. */
const SELF = new Set(['i', "i'm", "i've", "i'd", "i'll", 'me', 'my', 'mine', 'we', "we're", "we've", 'our', 'us']);
const OTHER = new Set(['you', "you're", "you've", "you'd", "you'll", 'your', 'yours']);
/** Bracketed asides such as "[shares a photo of ...]" or "[image: ...]": captions, not speech. */
const CAPTION = /\s*\[[^\]]{0,2000}\]/g;
/** "Name: text" at the start of a chat line names the speaker. */
const SPEAKER = /^([A-Z][\p{L}\p{N}.'-]{0,30}(?: [A-Z][\p{L}\p{N}.'-]{0,30}){0,2}):\s+/u;

/** "Here's ...", "they made this!", "Check out my painting": a sentence pointing at what was shared. */
const POINTS_AT = /\b(?:(?:this|these)(?!\s+(?:past|last|coming|next|week|weekend|month|year|morning|afternoon|evening|night|summer|winter|spring|fall|autumn|time|days)\b)|here'?s|here is|check (?:it|this) out|check out|look at|pic|photo|picture)\b/i;

/**
 * What a turn shared, from its caption ("[shares a photo of a cup with a dog face on it]" gives
 * "a photo of a cup with a dog face on it"), for a sentence that points at it; null otherwise.
 * The caption alone is never a bullet: it says what "this" was, not what was said.
 */
export function sharedThing(text: string, sentence: string): string | null {
  if (!POINTS_AT.test(sentence)) return null;
  const m = /\[(?:shares|image:)\s*([^\]]{3,200})\]/.exec(text);
  return m ? (m[1] as string).trim() : null;
}

/** The speaker a transcript line names, and the line without that prefix and without captions. */
export function spokenPart(text: string): { speaker: string | null; said: string } {
  const m = SPEAKER.exec(text);
  const said = (m ? text.slice(m[0].length) : text).replace(CAPTION, '').trim();
  return { speaker: m ? (m[1] as string) : null, said };
}

/** "Thanks, Caroline!", "Hey Mel,": the name a line speaks to is no fact of it. */
const ADDRESS = /(?:\b(?:[Hh]ey|[Hh]i|[Hh]ello|[Tt]hanks|[Tt]hank you|[Ww]ow|[Yy]eah|[Yy]es|[Oo]h|[Cc]ongrats|[Ss]orry|[Rr]ight|[Ss]ure|[Yy]ep|[Oo]k|[Oo]kay)\b,?\s+|,\s*)[A-Z][a-z]+(?=\s*[!,.?]|\s*$)/g;
export const withoutAddress = (sentence: string): string => sentence.replace(ADDRESS, '');

/**
 * A multiplier for a sentence's term score: chit-chat and questions down, concrete facts
 * (numbers, names, dates, things done) and plans up.
 */
export function contentFactor(sentence: string): number {
  const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
  if (words.length === 0) return 0;
  const chat = words.filter((w) => CHAT.has(w)).length / words.length;
  let f = Math.max(0, 1 - 1.5 * chat);
  const hasName = /\s[A-Z][a-z]{2,}/.test(withoutAddress(sentence).slice(1));
  if (/\?\s*$/.test(sentence)) f *= 0.5;
  if (/\d/.test(sentence)) f *= 1.3;
  if (hasName) f *= 1.2; // a name past the first word
  if (DONE.test(sentence.replace(FEELING_ED, ''))) f *= 1.3;
  if (PLAN.test(sentence)) f *= 1.2;
  // A short line is mostly a reaction, unless it names someone or something ("It was Matt Patterson").
  if (words.length < 5 && !hasName && !/\d/.test(sentence)) f *= 0.6;
  // Feelings and reflection down, concrete facts up (issue 37: "We even won a trophy!" over
  // "All that hard work and effort was totally worth it.").
  const vague = words.filter((w) => VAGUE.has(w.replace(/'s$/, ''))).length / words.length;
  f *= Math.max(0.2, 1 - 2 * vague);
  if (QUOTED.test(sentence) || NAMED.test(sentence)) f *= 1.3;
  if (SELF_EVENT.test(sentence)) f *= 1.3;
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

/**
 * An intent told by the speaker: "I'm going to…", "we'll…", "I plan to…", "I'm putting together…",
 * "next month I…". A plan merely mentioned ("without too much of a plan") or someone else's is not.
 */
const INTENT = /\b(?:i|we)(?:'ll| will| shall|'m| am|'re| are)?\s+(?:(?:also|still|really|definitely|totally)\s+)?(?:going to|gonna|planning|plan to|plan on|want to|wanna|need to|hope to|intend to|intending to|putting together|about to|thinking of|looking to|aiming to|getting ready to)\b|\bnext (?:week|weekend|month|year|time)\b.*\b(?:i|we)\b|\b(?:i|we)\b.*\bnext (?:week|weekend|month|year)\b/i;

/** The sentence of a bullet that states the speaker's own plan or intent, or null (issue 37). */
export function planSentence(text: string): string | null {
  for (const s of sentences(spokenPart(text).said)) {
    if (!/\?\s*$/.test(s) && INTENT.test(s)) return s;
  }
  return null;
}

/** Whether a bullet states an intent or plan (the memory-context's open threads). */
export const isOpenThread = (text: string): boolean => planSentence(text) !== null;
