/*
 * One slot per moment of a conversation (issue 35: multi-hop coverage, ADR-0052), used by memory
 * search (the conversation log's search measured no gain from it at k = 5). Neighbour context
 * (neighbour-context.ts) lifts the turns around a good match together, so a top 10 can hold two or
 * three turns of one exchange where a question whose answer is spread over several sessions
 * ("Which cities have both been to?") needs one turn of each. A turn right beside a better hit of
 * its session gives up a little of its score: it still outranks weaker matches elsewhere, it no
 * longer ties with them.
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
