import { eventPhrase, firstPersonEvent, splitBullet } from '../summariser/event-phrase.js';
import { isOpenThread, planSentence } from '../summariser/sentence-scoring.js';
import { fullDay } from '../summariser/relative-dates.js';
import type { TocNode } from './toc-node.js';

/*
 * The opening of the memory-context block (issue 21): a few plain sentences on what the
 * conversation was (when, between whom, what happened last) and its open threads, before the
 * list. Built only from stored nodes, so it is as byte-stable as the rest of the block.
 */

/** "Monday 8 May 2023": the date a reader (and a question) uses, words spelled out. */
export const humanDay = (d: Date): string => fullDay(d);

const ACTOR = /^([^:]{1,40}):\s/;
const MAX_THREADS = 6;

/** Speakers named by bullet prefixes ("Caroline: ..."), most frequent first; roles are left out. */
function speakers(segments: readonly TocNode[]): string[] {
  const count = new Map<string, number>();
  for (const s of segments) for (const b of s.bullets) {
    const who = ACTOR.exec(b.text)?.[1];
    if (who && !['user', 'assistant', 'tool', 'system'].includes(who)) count.set(who, (count.get(who) ?? 0) + 1);
  }
  return [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** Segments whose told events the narrative names, newest first, and events named per segment. */
const NARRATED_SEGMENTS = 3;
const EVENTS_PER_SEGMENT = 2;
const NARRATED_THREADS = 2;

/** "Caroline passed the adoption agency interviews; Melanie's son got into an accident": who did what. */
function toldEvents(segment: TocNode): string[] {
  const out: string[] = [];
  for (const b of segment.bullets) {
    const e = firstPersonEvent(b.text);
    if (e && !out.includes(e) && out.length < EVENTS_PER_SEGMENT) out.push(e);
  }
  return out;
}

/**
 * The narrative paragraph (issue 37): span and participants, then who did what in the latest
 * segments (the events their bullets tell, named), then what is still open (the newest plans).
 */
export function narrative(segments: readonly TocNode[]): string {
  const newest = segments[0];
  const oldest = segments[segments.length - 1];
  if (!newest || !oldest) return '';
  const who = speakers(segments).slice(0, 4);
  const sentences = [
    `${segments.length} recent conversation segment${segments.length === 1 ? '' : 's'} from ${humanDay(oldest.start)} to ${humanDay(newest.end)}${who.length ? `, between ${who.join(', ')}` : ''}.`,
  ];
  let told = 0;
  for (const s of segments.slice(0, NARRATED_SEGMENTS)) {
    const events = toldEvents(s);
    if (events.length) sentences.push(`${told++ === 0 ? 'Latest' : 'Before that'}, ${humanDay(s.start)}: ${events.join('; ')}.`);
  }
  if (told === 0) sentences.push(`Latest (${humanDay(newest.start)}): ${newest.title}.`);
  const open = openThreads(segments).slice(0, NARRATED_THREADS).map((t) => {
    const { actor } = splitBullet(t.text);
    const plan = planSentence(t.text) ?? t.text;
    return eventPhrase(actor ? `${actor}: ${plan}` : plan);
  });
  if (open.length) sentences.push(`Still open: ${open.join('; ')}.`);
  return `${sentences.join(' ')}\n`;
}

/** Bullets that state a plan or intent, newest first: what may still be open. */
export function openThreads(segments: readonly TocNode[]): { text: string; gripIds: string[]; day: string }[] {
  const out: { text: string; gripIds: string[]; day: string }[] = [];
  for (const s of segments) for (const b of s.bullets) {
    if (out.length < MAX_THREADS && isOpenThread(b.text)) out.push({ text: b.text, gripIds: b.gripIds, day: humanDay(s.start) });
  }
  return out;
}
