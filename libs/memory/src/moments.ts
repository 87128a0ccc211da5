/*
 * One slot per moment of a conversation (issue 35: multi-hop coverage, ADR-0052, ADR-0053), used by
 * memory search (the conversation log's search measured no gain from onePerMoment at k = 5).
 * Neighbour context (neighbour-context.ts) lifts the turns around a good match together, so a top
 * 10 can hold two or three turns of one exchange where a question whose answer is spread over
 * several sessions ("Which cities have both been to?") needs one turn of each. A turn right beside
 * a better hit of its session gives up a little of its score: it still outranks weaker matches
 * elsewhere, it no longer ties with them. A question that asks for several things spreads its hits
 * over moments of a few turns (spreadOverMoments).
 */
import type { ContextHit, NeighbourLink } from './neighbour-context.js';

/** Best first, ties by id: the order every list of this file comes out in. */
const bestFirst = (a: { id: string; score: number }, b: { id: string; score: number }): number =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Share of its score a turn keeps when the turn next to it (distance 1) ranked higher. Chosen offline
 * on the depth-30 dumps of both dev files from a flat region: 0.9 moved realtalk-dev's R@10 and
 * FullR@10 up by about a point and left locomo-dev's adversarial questions as they were; 0.8 and
 * below cost adversarial questions (a reply that answers "no" sits beside the turn that asked).
 */
export const BESIDE_A_BETTER_TURN = 0.9;

/**
 * `hits` with every hit adjacent (a link of distance 1, either side) to a higher-scoring hit scaled by
 * BESIDE_A_BETTER_TURN, re-sorted best first, ties by id. Judged on the scores as given, so a turn
 * is compared with its neighbour's own match, not with a neighbour that was itself scaled.
 */
export function onePerMoment<H extends ContextHit>(hits: readonly H[], links: readonly NeighbourLink[]): H[] {
  const score = new Map(hits.map((h) => [h.id, h.score]));
  const beaten = new Set<string>();
  for (const link of links) {
    if (link.distance !== 1) continue;
    const a = score.get(link.id);
    const b = score.get(link.contextOf);
    if (a === undefined || b === undefined || a === b) continue;
    beaten.add(a < b ? link.id : link.contextOf);
  }
  if (beaten.size === 0) return [...hits];
  return hits
    .map((h) => (beaten.has(h.id) ? { ...h, score: h.score * BESIDE_A_BETTER_TURN } : h))
    .sort(bestFirst);
}

/** Turns this many or fewer apart in their session are one moment when a question asks for several things (ADR-0053). */
export const MOMENT_RADIUS = 3;

/**
 * Share of its score a hit keeps for each better hit already ranked within MOMENT_RADIUS of it, when
 * the question asks for several things (ADR-0053). Chosen offline on the depth-30 dumps of both dev
 * files from a flat region (radius 2-4, share 0.8-0.9 all within half a point).
 */
export const SAME_MOMENT_AGAIN = 0.85;

/**
 * `hits` re-ranked so that a question asking for several things ("Which cities have both been
 * to?", "What are her hobbies?") gets several moments of a conversation in its top ranks, not one
 * exchange told in five turns: hits are taken best first, and each keeps SAME_MOMENT_AGAIN of its
 * score per hit already taken within MOMENT_RADIUS of it (links of that distance or less, either
 * side). A hit's score is the one it was taken with, so the list stays sorted by score; ties by id.
 * It reorders and never removes.
 *
 * Lazy greedy: a score only falls as hits are taken, so the list stays sorted by the last score
 * worked out for each hit, an upper bound. The head is taken when that score is still its own;
 * otherwise it is lowered and moved back to its place. A search with topK 100 brings thousands of
 * candidates; trying every remaining hit at every step took 0.37 s for 4,000 of them.
 */
export function spreadOverMoments<H extends ContextHit>(hits: readonly H[], links: readonly NeighbourLink[]): H[] {
  const near = new Map<string, Set<string>>();
  const join = (a: string, b: string) => near.set(a, (near.get(a) ?? new Set()).add(b));
  for (const link of links) {
    if (link.distance > MOMENT_RADIUS || link.id === link.contextOf) continue;
    join(link.id, link.contextOf);
    join(link.contextOf, link.id);
  }
  if (near.size === 0) return [...hits];
  const taken = new Map<string, number>();
  const queue = hits.map((hit) => ({ hit, id: hit.id, score: hit.score, counted: 0 })).sort(bestFirst);
  const out: H[] = [];
  for (let i = 0; i < queue.length;) {
    const head = queue[i] as (typeof queue)[number];
    const due = taken.get(head.id) ?? 0;
    if (due > head.counted) {
      head.score = head.hit.score * SAME_MOMENT_AGAIN ** due;
      head.counted = due;
      queue.splice(i, 1);
      let lo = i;
      let hi = queue.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bestFirst(queue[mid] as typeof head, head) <= 0) lo = mid + 1;
        else hi = mid;
      }
      queue.splice(lo, 0, head);
      continue;
    }
    out.push(head.counted === 0 ? head.hit : { ...head.hit, score: head.score });
    for (const other of near.get(head.id) ?? []) taken.set(other, (taken.get(other) ?? 0) + 1);
    i++;
  }
  return out;
}

/**
 * The moments steps as memory search and the conversation log run them: onePerMoment, then, when
 * the question asks for several things, spreadOverMoments over the same links.
 */
export function placeInMoments<H extends ContextHit>(hits: readonly H[], links: readonly NeighbourLink[], several: boolean): H[] {
  const once = onePerMoment(hits, links);
  return several ? spreadOverMoments(once, links) : once;
}
