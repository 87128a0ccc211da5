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
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
 * It reorders and never removes. Quadratic in the hits, which are a search's candidates (a few hundred at most).
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
  const left = [...hits];
  const out: H[] = [];
  while (left.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    left.forEach((h, i) => {
      const score = h.score * SAME_MOMENT_AGAIN ** (taken.get(h.id) ?? 0);
      if (score > bestScore || (score === bestScore && h.id < (left[best] as H).id)) [best, bestScore] = [i, score];
    });
    const [hit] = left.splice(best, 1) as [H];
    out.push(bestScore === hit.score ? hit : { ...hit, score: bestScore });
    for (const other of near.get(hit.id) ?? []) taken.set(other, (taken.get(other) ?? 0) + 1);
  }
  return out;
}
