import { burstLinks, lendNeighbourContext, onlyAsks, placeInMoments, speakerOf, turnSpeaker, type ContextHit, type MemoryRow, type TurnOf } from '@engram/memory';
import type { Neighbour } from '../queries/candidate-read.query.js';

export type { Neighbour };

/**
 * How much a turn's predecessor in its conversation counts towards the turn's own match (ADR-0020).
 * A reply rarely repeats the words of the question it answers ("what did she say after the
 * race?" → "It was exhausting, but I loved it"): the predecessor is its context, weighed at half
 * of the turn itself so a turn that matches on its own still ranks first.
 */
export const CONTEXT_WEIGHT = 0.5;

/** A scored row of one candidate list. */
export type Scored<R extends MemoryRow> = { row: R; score: number };

function withoutLink(n: Neighbour): MemoryRow {
  const { context_of: _from, follows: _follows, distance: _distance, ...row } = n;
  return row as MemoryRow;
}

/**
 * Adds to every candidate half the score of the turn before it in its session, and brings in the
 * turns that follow a candidate (they may not match on their own). Scores are divided by
 * 1 + CONTEXT_WEIGHT so they keep their [0, 1] range. Memories without a session key have no
 * neighbours and are left as they are. `neighbours` may hold those of other lists' candidates and
 * preceding turns: only the ones following a hit of this list count.
 */
export function withSessionContext<R extends MemoryRow>(hits: Scored<R>[], neighbours: readonly Neighbour[], toRow: (row: MemoryRow) => R): Scored<R>[] {
  if (hits.length === 0) return hits;
  const own = new Map(hits.map((h) => [h.row.id, h.score]));
  const rows = new Map<string, R>(hits.map((h) => [h.row.id, h.row]));
  const context = new Map<string, number>();
  for (const n of neighbours) {
    const from = own.get(n.context_of);
    if (!n.follows || Number(n.distance) !== 1 || from === undefined) continue;
    context.set(n.id, Math.max(context.get(n.id) ?? 0, from));
    if (!rows.has(n.id)) rows.set(n.id, toRow(withoutLink(n)));
  }
  return [...rows.values()]
    .map((row) => ({ row, score: ((own.get(row.id) ?? 0) + CONTEXT_WEIGHT * (context.get(row.id) ?? 0)) / (1 + CONTEXT_WEIGHT) }))
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}

/** A fused hit: its id and score in [0, 1]; `context`: what its session neighbours lent it (ADR-0041), when anything. */
export type FusedHit = ContextHit;

/**
 * A memory is read as a turn of a dialogue when it is episodic (what happened, one step at a time)
 * and says who spoke: a `Name:` prefix, or a `speaker` / `role` in its metadata. Only turns give
 * and take neighbour context. Facts, decisions and other semantic or procedural memories stand
 * alone, and so do an agent's episodic notes: two notes stored in one session are no context for
 * each other (lifting them cost the templated agent notes 0.004-0.005 nDCG@10 / MRR, ADR-0041).
 */
export function isTurn(row: MemoryRow | undefined): boolean {
  if (row?.memory_class !== 'episodic') return false;
  const meta = (row.metadata ?? {}) as Record<string, unknown>;
  return typeof meta['speaker'] === 'string' || typeof meta['role'] === 'string' || speakerOf(row.content) !== null;
}

/**
 * Neighbour context on the fused list (ADR-0041, memory's lendNeighbourContext): a hit scores
 * s + c·(1 − s), c lent by its session neighbours within NEIGHBOUR_DISTANCE, and by its whole
 * burst (memory's burstLinks: the run of one speaker it belongs to, with the turns that prompt and
 * answer it); neighbours come in even when neither list found them. Only turns give and take context (isTurn). `rows` must hold
 * every hit's row and receives the rows of the turns brought in.
 */
export function withNeighbourContext(hits: readonly FusedHit[], neighbours: readonly Neighbour[], rows: Map<string, MemoryRow>): FusedHit[] {
  const hitIds = new Set(hits.map((h) => h.id));
  const links = neighbours.filter((n) => hitIds.has(n.context_of) && isTurn(n) && isTurn(rows.get(n.context_of)));
  for (const n of links) if (!rows.has(n.id)) rows.set(n.id, withoutLink(n));
  const turnOf = (row: MemoryRow): TurnOf => ({ speaker: turnSpeaker(row.content, row.metadata), at: new Date(row.valid_from) });
  // Only a hit's question lends its reply (ADR-0058): whether a neighbour asks is never read.
  const hitTurns = new Map([...hitIds].flatMap((id) => { const row = rows.get(id); return row ? [[id, { ...turnOf(row), asks: onlyAsks(row.content) }] as const] : []; }));
  const turnLinks = links.map((n) => ({ id: n.id, contextOf: n.context_of, distance: Number(n.distance), follows: n.follows, ...turnOf(n) }));
  return lendNeighbourContext(hits, burstLinks(turnLinks, hitTurns));
}

/**
 * One slot per moment (memory's onePerMoment): a turn adjacent to a better hit of its session keeps
 * BESIDE_A_BETTER_TURN of its score, so a top 10 spreads over more moments of a conversation. When
 * the query asks for several things (`several`, memory's asksForSeveral), hits are then spread over
 * moments of MOMENT_RADIUS turns (spreadOverMoments, ADR-0053). Only links between turns count
 * (isTurn), as for neighbour context.
 */
export function withOnePerMoment(hits: readonly FusedHit[], neighbours: readonly Neighbour[], rows: ReadonlyMap<string, MemoryRow>, several = false): FusedHit[] {
  // Each step reads only the links of its own reach (onePerMoment: adjacent; spreadOverMoments: MOMENT_RADIUS).
  const links = neighbours
    .filter((n) => isTurn(n) && isTurn(rows.get(n.context_of)))
    .map((n) => ({ id: n.id, contextOf: n.context_of, distance: Number(n.distance) }));
  return placeInMoments(hits, links, several);
}
