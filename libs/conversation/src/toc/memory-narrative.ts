import { isOpenThread } from '../summariser/sentence-scoring.js';
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

/** The narrative paragraph: span, participants and the latest segment's title. */
export function narrative(segments: readonly TocNode[]): string {
  const newest = segments[0];
  const oldest = segments[segments.length - 1];
  if (!newest || !oldest) return '';
  const who = speakers(segments).slice(0, 4);
  return [
    `${segments.length} recent conversation segment${segments.length === 1 ? '' : 's'} from ${humanDay(oldest.start)} to ${humanDay(newest.end)}`,
    who.length ? `, mostly between ${who.join(', ')}` : '',
    `. Latest (${humanDay(newest.start)}): ${newest.title}\n`,
  ].join('');
}

/** Bullets that state a plan or intent, newest first: what may still be open. */
export function openThreads(segments: readonly TocNode[]): { text: string; gripIds: string[]; day: string }[] {
  const out: { text: string; gripIds: string[]; day: string }[] = [];
  for (const s of segments) for (const b of s.bullets) {
    if (out.length < MAX_THREADS && isOpenThread(b.text)) out.push({ text: b.text, gripIds: b.gripIds, day: humanDay(s.start) });
  }
  return out;
}
