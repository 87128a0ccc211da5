import { sql } from 'kysely';
import { BURST_REACH, burstLinks, lendNeighbourContext, onlyAsks, placeInMoments, type NeighbourLink, type TurnOf } from '@engram/memory';
import type { ConversationDb } from '../conversation-database.js';
import { bestFirst, type EventMatch, type TimeWindow } from './event-search.js';
import { eventSpeaker } from './turn-priors.js';

/**
 * How much a turn's predecessor in its session counts towards the turn's own keyword match
 * (ADR-0021 amendment, as ADR-0020 does for memories). A reply rarely repeats the words of the
 * question it answers ("where did you go last weekend?" → "We took the kids camping"): the turn
 * before is its context, weighed at half so a turn that matches on its own still ranks first.
 */
export const CONTEXT_WEIGHT = 0.5;

type NearRow = { event_id: string; session_id: string; ts: Date | string; text: string; context_of: string; distance: number | string; follows: boolean };

/**
 * For each of `ids`, events of the same project and session (by ts, then seq, through
 * conversation_events_session_idx), inside `window` when one is given: with `sides = 'next'` the one
 * right after it, with `'both'` BURST_REACH on each side (neighbours and bursts); `distance` 1 is adjacent. One
 * read for every hit.
 */
async function eventsAround(db: ConversationDb, project: string, ids: readonly string[], sides: 'next' | 'both', window?: TimeWindow): Promise<NearRow[]> {
  const bounds = window
    ? sql`AND n.ts >= ${window.from.toISOString()}::timestamptz AND n.ts < ${window.to.toISOString()}::timestamptz`
    : sql``;
  const side = (after: boolean, depth: number) => {
    const order = after ? sql`e.ts, e.seq` : sql`e.ts DESC, e.seq DESC`;
    return sql`(
      SELECT e.event_id, e.session_id, e.ts, e.text, ${sql.lit(after)} AS follows, row_number() OVER (ORDER BY ${order}) AS distance
      FROM conversation_events e
      WHERE e.session_id = h.session_id AND e.project = h.project AND ${after ? sql`(e.ts, e.seq) > (h.ts, h.seq)` : sql`(e.ts, e.seq) < (h.ts, h.seq)`}
      ORDER BY ${order} LIMIT ${depth}::int)`;
  };
  const steps = sides === 'both' ? sql`${side(false, BURST_REACH)} UNION ALL ${side(true, BURST_REACH)}` : side(true, 1);
  const r = await sql<NearRow>`
    SELECT n.event_id, n.session_id, n.ts, n.text, h.event_id AS context_of, n.distance, n.follows
    FROM conversation_events h CROSS JOIN LATERAL (${steps}) n
    WHERE h.project = ${project} AND h.event_id = ANY(${ids}::text[]) ${bounds}`.execute(db);
  return r.rows;
}

/** A turn that joins the list only as a hit's neighbour: no score of its own, `contextOf` that hit. */
const broughtIn = (n: NearRow): EventMatch =>
  ({ eventId: n.event_id, sessionId: n.session_id, ts: new Date(n.ts), text: n.text, score: 0, contextOf: n.context_of });

/**
 * Adds to every keyword hit CONTEXT_WEIGHT times the score of the turn before it in its session,
 * and brings in the turns that follow a hit (they may share no word with the query). Scores are
 * divided by 1 + CONTEXT_WEIGHT, so a turn's own BM25 scale is kept. One extra read.
 */
export async function withSessionContext(db: ConversationDb, project: string, hits: EventMatch[], window?: TimeWindow): Promise<EventMatch[]> {
  if (hits.length === 0) return hits;
  const next = await eventsAround(db, project, hits.map((h) => h.eventId), 'next', window);
  const own = new Map(hits.map((h) => [h.eventId, h.score]));
  const events = new Map(hits.map((h) => [h.eventId, h]));
  const context = new Map<string, number>();
  for (const n of next) {
    context.set(n.event_id, Math.max(context.get(n.event_id) ?? 0, own.get(n.context_of) ?? 0));
    if (!events.has(n.event_id)) events.set(n.event_id, broughtIn(n));
  }
  return [...events.values()]
    .map((e) => ({ ...e, score: ((own.get(e.eventId) ?? 0) + CONTEXT_WEIGHT * (context.get(e.eventId) ?? 0)) / (1 + CONTEXT_WEIGHT) }))
    .sort(bestFirst);
}

/**
 * Neighbour context on the fused event list (ADR-0041, as memory search has it): a hit scores
 * s + c·(1 − s), c lent by the turns within NEIGHBOUR_DISTANCE of it in its session and by its
 * burst (the run of one speaker it belongs to, `speakers` telling who said a turn), and those
 * turns come in even when neither list found them (`contextOf`: the hit that lent them the most).
 * Also returns the links read (turn, hit, distance), for spreadOverMomentsOf. One extra read.
 */
export async function withNeighbourContext(db: ConversationDb, project: string, hits: EventMatch[], window?: TimeWindow, speakers: readonly string[] = []): Promise<{ hits: EventMatch[]; links: NeighbourLink[] }> {
  if (hits.length === 0) return { hits, links: [] };
  const near = await eventsAround(db, project, hits.map((h) => h.eventId), 'both', window);
  const own = new Map(hits.map((h) => [h.eventId, h.score]));
  const events = new Map(hits.map((h) => [h.eventId, h]));
  // A turn brought in by several hits names the one that lent it the most.
  const lent = new Map<string, number>();
  for (const n of near) {
    const score = own.get(n.context_of) ?? 0;
    if (own.has(n.event_id) || score <= (lent.get(n.event_id) ?? -1)) continue;
    lent.set(n.event_id, score);
    events.set(n.event_id, broughtIn(n));
  }
  // Bursts (memory's burstLinks): a hit's run of one speaker, and the turns that prompt and answer it, count as adjacent.
  const turnOf = (text: string, ts: Date | string): TurnOf => ({ speaker: eventSpeaker(text, speakers), at: new Date(ts) });
  // Only a hit's question lends its reply (ADR-0058): whether a neighbour asks is never read.
  const hitTurns = new Map(hits.map((h) => [h.eventId, { ...turnOf(h.text, h.ts), asks: onlyAsks(h.text) }]));
  const links = near.map((n) => ({ id: n.event_id, contextOf: n.context_of, distance: Number(n.distance), follows: n.follows, ...turnOf(n.text, n.ts) }));
  const scored = lendNeighbourContext(hits.map((h) => ({ id: h.eventId, score: h.score })), burstLinks(links, hitTurns));
  return {
    hits: scored.map((s) => ({ ...(events.get(s.id) as EventMatch), score: s.score })).sort(bestFirst),
    links: links.map((l) => ({ id: l.id, contextOf: l.contextOf, distance: l.distance })),
  };
}

/**
 * For a question that asks for several things (memory's asksForSeveral, ADR-0053): the hits spread
 * over moments of the conversation as memory search spreads them (memory's onePerMoment, then
 * spreadOverMoments), over the `links` withNeighbourContext read. Re-sorted best first.
 */
export function spreadOverMomentsOf(hits: readonly EventMatch[], links: readonly NeighbourLink[]): EventMatch[] {
  const byId = new Map(hits.map((h) => [h.eventId, h]));
  return placeInMoments(hits.map((h) => ({ id: h.eventId, score: h.score })), links, true).map((s) => ({ ...(byId.get(s.id) as EventMatch), score: s.score })).sort(bestFirst);
}
