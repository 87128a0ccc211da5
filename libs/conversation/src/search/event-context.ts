import { sql } from 'kysely';
import { lendNeighbourContext, NEIGHBOUR_DISTANCE } from '@engram/memory';
import type { ConversationDb } from '../conversation-database.js';
import type { EventMatch, TimeWindow } from './event-search.js';

/**
 * How much a turn's predecessor in its session counts towards the turn's own keyword match
 * (ADR-0021 amendment, as ADR-0020 does for memories). A reply rarely repeats the words of the
 * question it answers ("where did you go last weekend?" → "We took the kids camping"): the turn
 * before is its context, weighed at half so a turn that matches on its own still ranks first.
 */
export const CONTEXT_WEIGHT = 0.5;

type NextRow = { event_id: string; session_id: string; ts: Date | string; text: string; context_of: string };

/**
 * For each of `ids`, the event right after it in the same project and session (by ts, then seq,
 * through conversation_events_session_idx), inside `window` when one is given.
 */
async function nextInSession(db: ConversationDb, project: string, ids: readonly string[], window?: TimeWindow): Promise<NextRow[]> {
  const bounds = window
    ? sql`AND n.ts >= ${window.from.toISOString()}::timestamptz AND n.ts < ${window.to.toISOString()}::timestamptz`
    : sql``;
  const r = await sql<NextRow>`
    SELECT n.event_id, n.session_id, n.ts, n.text, h.event_id AS context_of
    FROM conversation_events h CROSS JOIN LATERAL (
      SELECT e.event_id, e.session_id, e.ts, e.text FROM conversation_events e
      WHERE e.session_id = h.session_id AND e.project = h.project AND (e.ts, e.seq) > (h.ts, h.seq)
      ORDER BY e.ts, e.seq LIMIT 1) n
    WHERE h.project = ${project} AND h.event_id = ANY(${ids}::text[]) ${bounds}`.execute(db);
  return r.rows;
}

/**
 * Adds to every keyword hit CONTEXT_WEIGHT times the score of the turn before it in its session,
 * and brings in the turns that follow a hit (they may share no word with the query). Scores are
 * divided by 1 + CONTEXT_WEIGHT, so a turn's own BM25 scale is kept. One extra read.
 */
export async function withSessionContext(db: ConversationDb, project: string, hits: EventMatch[], window?: TimeWindow): Promise<EventMatch[]> {
  if (hits.length === 0) return hits;
  const next = await nextInSession(db, project, hits.map((h) => h.eventId), window);
  const own = new Map(hits.map((h) => [h.eventId, h.score]));
  const events = new Map(hits.map((h) => [h.eventId, h]));
  const context = new Map<string, number>();
  for (const n of next) {
    context.set(n.event_id, Math.max(context.get(n.event_id) ?? 0, own.get(n.context_of) ?? 0));
    if (!events.has(n.event_id)) events.set(n.event_id, { eventId: n.event_id, sessionId: n.session_id, ts: new Date(n.ts), text: n.text, score: 0, contextOf: n.context_of });
  }
  return [...events.values()]
    .map((e) => ({ ...e, score: ((own.get(e.eventId) ?? 0) + CONTEXT_WEIGHT * (context.get(e.eventId) ?? 0)) / (1 + CONTEXT_WEIGHT) }))
    .sort((a, b) => b.score - a.score || a.ts.getTime() - b.ts.getTime() || (a.eventId < b.eventId ? -1 : 1));
}

type NearRow = NextRow & { distance: number | string };

/**
 * For each of `ids`, the NEIGHBOUR_DISTANCE events before it and after it in the same project and
 * session (by ts, then seq, through conversation_events_session_idx), inside `window` when given;
 * `distance` 1 is adjacent. One read for every hit.
 */
async function nearInSession(db: ConversationDb, project: string, ids: readonly string[], window?: TimeWindow): Promise<NearRow[]> {
  const bounds = window
    ? sql`AND n.ts >= ${window.from.toISOString()}::timestamptz AND n.ts < ${window.to.toISOString()}::timestamptz`
    : sql``;
  const side = (after: boolean) => sql`(
    SELECT e.event_id, e.session_id, e.ts, e.text,
      row_number() OVER (ORDER BY ${after ? sql`e.ts, e.seq` : sql`e.ts DESC, e.seq DESC`}) AS distance
    FROM conversation_events e
    WHERE e.session_id = h.session_id AND e.project = h.project AND ${after ? sql`(e.ts, e.seq) > (h.ts, h.seq)` : sql`(e.ts, e.seq) < (h.ts, h.seq)`}
    ORDER BY ${after ? sql`e.ts, e.seq` : sql`e.ts DESC, e.seq DESC`} LIMIT ${NEIGHBOUR_DISTANCE}::int)`;
  const r = await sql<NearRow>`
    SELECT n.event_id, n.session_id, n.ts, n.text, h.event_id AS context_of, n.distance
    FROM conversation_events h CROSS JOIN LATERAL (${side(false)} UNION ALL ${side(true)}) n
    WHERE h.project = ${project} AND h.event_id = ANY(${ids}::text[]) ${bounds}`.execute(db);
  return r.rows;
}

/**
 * Neighbour context on the fused event list (ADR-0041, as memory search has it): a hit scores
 * s + c·(1 − s), c lent by the turns within NEIGHBOUR_DISTANCE of it in its session, and those
 * turns come in even when neither list found them (`contextOf`: the hit that lent them the most).
 * One extra read.
 */
export async function withNeighbourContext(db: ConversationDb, project: string, hits: EventMatch[], window?: TimeWindow): Promise<EventMatch[]> {
  if (hits.length === 0) return hits;
  const near = await nearInSession(db, project, hits.map((h) => h.eventId), window);
  const events = new Map(hits.map((h) => [h.eventId, h]));
  const own = new Map(hits.map((h) => [h.eventId, h.score]));
  const lender = new Map<string, { id: string; score: number }>();
  for (const n of near) {
    const lent = own.get(n.context_of) ?? 0;
    if (!events.has(n.event_id) && lent > (lender.get(n.event_id)?.score ?? -1)) {
      lender.set(n.event_id, { id: n.context_of, score: lent });
    }
  }
  for (const n of near) {
    const from = lender.get(n.event_id);
    if (from?.id === n.context_of) events.set(n.event_id, { eventId: n.event_id, sessionId: n.session_id, ts: new Date(n.ts), text: n.text, score: 0, contextOf: from.id });
  }
  const scored = lendNeighbourContext(
    hits.map((h) => ({ id: h.eventId, score: h.score })),
    near.map((n) => ({ id: n.event_id, contextOf: n.context_of, distance: Number(n.distance) })),
  );
  return scored
    .map((s) => ({ ...(events.get(s.id) as EventMatch), score: s.score }))
    .sort((a, b) => b.score - a.score || a.ts.getTime() - b.ts.getTime() || (a.eventId < b.eventId ? -1 : 1));
}
