import { createHash } from 'node:crypto';
import type { TocConfig } from './toc-config.js';
import { byLogOrder, eventTokens, type TocEvent } from './toc-event.js';
import { dayId } from './time-buckets.js';

/** One segment of a day: its own events, plus trailing events of the previous segment as context. */
export interface Segment<E extends TocEvent = TocEvent> {
  nodeId: string;
  dayId: string;
  start: Date;
  end: Date;
  /** The events this segment owns (every event belongs to exactly one segment). */
  events: E[];
  /** Context carried over from the previous segment (TOC-04); not owned, never a grip target. */
  overlap: E[];
  tokens: number;
}

const MINUTE_MS = 60_000;

/** Stable segment id: start instant plus a short hash of the first event (two segments never share both). */
export function segmentId(first: Pick<TocEvent, 'eventId' | 'ts'>): string {
  const hash = createHash('sha256').update(first.eventId).digest('hex').slice(0, 10);
  return `segment:${first.ts.toISOString()}~${hash}`;
}

/**
 * Cuts events into segments (TOC-03): a new segment starts after a silence longer than
 * `segmentGapMinutes`, before the running total would pass `segmentMaxTokens`, and at every UTC
 * day boundary (a segment belongs to one day, so each day can be rebuilt on its own). Each segment
 * after the first of its day repeats the previous segment's trailing events that lie within
 * `overlapMinutes` of its last event, up to `overlapTokens` tokens (TOC-04). Pure and
 * deterministic: the same events in any input order give the same segments.
 */
export function segmentEvents<E extends TocEvent>(input: readonly E[], config: TocConfig): Segment<E>[] {
  const events = [...input].sort(byLogOrder);
  const groups: E[][] = [];
  let current: E[] = [];
  let tokens = 0;
  for (const e of events) {
    const prev = current[current.length - 1];
    const t = eventTokens(e);
    const cut = prev !== undefined && (
      e.ts.getTime() - prev.ts.getTime() > config.segmentGapMinutes * MINUTE_MS
      || tokens + t > config.segmentMaxTokens
      || dayId(e.ts) !== dayId(prev.ts)
    );
    if (cut) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(e);
    tokens += t;
  }
  if (current.length) groups.push(current);

  return groups.map((group, i) => {
    const first = group[0] as E;
    const last = group[group.length - 1] as E;
    const previous = i > 0 ? (groups[i - 1] as E[]) : [];
    const sameDay = previous.length > 0 && dayId((previous[0] as E).ts) === dayId(first.ts);
    return {
      nodeId: segmentId(first),
      dayId: dayId(first.ts),
      start: first.ts,
      end: last.ts,
      events: group,
      overlap: sameDay ? overlapOf(previous, config) : [],
      tokens: group.reduce((n, e) => n + eventTokens(e), 0),
    };
  });
}

/** The tail of a segment within the overlap window and token budget, in log order. */
function overlapOf<E extends TocEvent>(previous: readonly E[], config: TocConfig): E[] {
  const last = previous[previous.length - 1];
  if (!last || config.overlapTokens === 0) return [];
  const since = last.ts.getTime() - config.overlapMinutes * MINUTE_MS;
  const tail: E[] = [];
  let tokens = 0;
  for (let i = previous.length - 1; i >= 0; i--) {
    const e = previous[i] as E;
    const t = eventTokens(e);
    if (e.ts.getTime() < since || tokens + t > config.overlapTokens) break;
    tail.unshift(e);
    tokens += t;
  }
  return tail;
}
