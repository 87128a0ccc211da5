import { NEIGHBOUR_DISTANCE, type NeighbourLink } from './neighbour-context.js';

/*
 * Bursts (issue 35). Real chats come in runs of short messages by one person, sent seconds apart:
 * "The Art Basel was great … let me send you my favorite one!" / "This was my favorite piece that I
 * got to see today". The fact is spread over the run and a question's words hit one message of it.
 * So a run of one speaker, with the turn that prompted it and the turn that answers it, lend each
 * other context as adjacent turns do, however long the run. Hits and citations stay per turn.
 */

/** Messages of one speaker at most this far apart belong to one burst. */
export const BURST_GAP_MS = 15 * 60_000;
/** How many turns on each side of a hit are read to find its burst (the longest run that counts). */
export const BURST_REACH = 5;

/** A neighbour link with what tells a burst: who said the neighbour, when, and on which side. */
export interface TurnLink extends NeighbourLink {
  follows: boolean;
  speaker: string | null;
  at: Date;
}

/** Who said a hit and when. */
export interface TurnOf {
  speaker: string | null;
  at: Date;
  /** The turn only asks (onlyAsks): its reply is its answer. */
  asks?: boolean;
}

/**
 * The links as neighbour context counts them: a turn of the hit's burst, and the first turn of
 * another speaker on each side of the burst (the prompt before it, the answer after it), count as
 * adjacent (distance 1); other links keep their distance and are dropped beyond NEIGHBOUR_DISTANCE.
 * The answer of a hit that only asks is marked `answers` (neighbour context lends it more).
 */
export function burstLinks(links: readonly TurnLink[], hits: ReadonlyMap<string, TurnOf>): NeighbourLink[] {
  const groups = new Map<string, TurnLink[]>();
  for (const l of links) {
    const k = `${l.contextOf}\u0000${l.follows}`;
    groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  const out: NeighbourLink[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.distance - b.distance);
    const hit = hits.get((group[0] as TurnLink).contextOf);
    let inRun = hit !== undefined && hit.speaker !== null;
    let prevAt = hit?.at.getTime() ?? 0;
    let expected = 1;
    for (const l of group) {
      const contiguous = l.distance === expected++;
      const gapOk = Math.abs(l.at.getTime() - prevAt) <= BURST_GAP_MS;
      prevAt = l.at.getTime();
      let distance = l.distance;
      let answers = false;
      if (inRun && contiguous && gapOk && l.speaker !== null && l.speaker === hit?.speaker) distance = 1;
      else if (inRun && contiguous && gapOk && l.speaker !== null) {
        distance = 1; // the prompt or the answer of the burst
        inRun = false;
        answers = l.follows && hit?.asks === true;
      } else inRun = false;
      if (distance <= NEIGHBOUR_DISTANCE) out.push({ id: l.id, contextOf: l.contextOf, distance, ...(answers && { answers }) });
    }
  }
  return out;
}
