/*
 * Neighbour context for the turns of a dialogue (ADR-0041), shared by memory search and the
 * conversation log's search. Where a ranking finds the right moment of a conversation it often
 * lands a turn off: the question's words are in the turn that asked, its meaning in the reply, or
 * the other way round. So a turn gains from how well its neighbours in the session matched.
 */

/**
 * How much the better of a turn's two neighbours counts. Measured on the dev conversations,
 * 0.3-0.5 all helped about equally; a turn that matches on its own still outranks a mere
 * neighbour of a match.
 */
export const NEIGHBOUR_WEIGHT = 0.4;

/** The same for the better of the turns two away: a reply's reply, or the question before an aside. */
export const SECOND_NEIGHBOUR_WEIGHT = 0.2;

/** How far from a hit, in turns of its session, neighbours lend and take context. */
export const NEIGHBOUR_DISTANCE = 2;

/** A scored hit: its id and score in [0, 1]; `context`: what its neighbours lent it, when anything. */
export interface ContextHit {
  id: string;
  score: number;
  context?: number;
}

/** Turn `id` lies `distance` turns (1 = adjacent) from hit `contextOf` in its session, on either side. */
export interface NeighbourLink {
  id: string;
  contextOf: string;
  distance: number;
  /** Set when `id` is the reply to hit `contextOf`, a turn that only asks (burstLinks). */
  answers?: boolean;
}

/**
 * How much a turn that only asks lends the reply that answers it (ADR-0058), in place of
 * NEIGHBOUR_WEIGHT: a question an agent asks often mirrors one asked in the chat ("What gave you
 * the idea?"), whose words and meaning the asking turn holds and whose answer is the reply.
 * Measured 0.5-0.8 on the dev conversations, all about equal; 1 would rank the reply with the question.
 */
export const ANSWER_WEIGHT = 0.6;

/**
 * With c = NEIGHBOUR_WEIGHT × the score of the better adjacent turn (ANSWER_WEIGHT × that of the
 * question it answers, when larger) + SECOND_NEIGHBOUR_WEIGHT × that of the better turn two away
 * (at most 1), a hit scores s + c·(1 − s): the neighbours fill part of
 * what the turn's own match leaves, so scores stay in [0, 1] and a hit without neighbours keeps its
 * score exactly. A neighbour no list found comes in with s = 0. Context flows both ways along each
 * link; links farther than NEIGHBOUR_DISTANCE or from a non-hit are ignored. Best first, ties by id.
 */
export function lendNeighbourContext(hits: readonly ContextHit[], links: readonly NeighbourLink[]): ContextHit[] {
  const own = new Map(hits.map((h) => [h.id, h.score]));
  const near = new Map<string, number>();
  const far = new Map<string, number>();
  const answered = new Map<string, number>();
  const credit = (id: string, distance: number, score: number) => {
    const side = distance === 1 ? near : far;
    side.set(id, Math.max(side.get(id) ?? 0, score));
  };
  for (const link of links) {
    const lent = own.get(link.contextOf);
    if (lent === undefined || link.distance < 1 || link.distance > NEIGHBOUR_DISTANCE) continue;
    credit(link.id, link.distance, lent);
    if (link.answers) answered.set(link.id, Math.max(answered.get(link.id) ?? 0, lent));
    credit(link.contextOf, link.distance, own.get(link.id) ?? 0);
  }
  const ids = new Set([...own.keys(), ...near.keys(), ...far.keys()]);
  return [...ids]
    .map((id) => {
      const score = own.get(id) ?? 0;
      const context = Math.min(1, Math.max(NEIGHBOUR_WEIGHT * (near.get(id) ?? 0), ANSWER_WEIGHT * (answered.get(id) ?? 0)) + SECOND_NEIGHBOUR_WEIGHT * (far.get(id) ?? 0));
      return { id, score: score + context * (1 - score), ...(context > 0 && { context }) };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
