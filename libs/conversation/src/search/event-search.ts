import { sql, type RawBuilder } from 'kysely';
import type { TimeWindow } from '@engram/memory';
import type { ConversationDb } from '../conversation-database.js';
import type { TermStats } from './term-stats.js';

/*
 * Search over the raw events of one project (issue 21, ADR-0021): every turn is findable, not only
 * those a grip happens to cite. Keyword search is BM25 over the generated `search_tsv` (any query
 * word may match; rare words weigh more, repeated words saturate, long turns are normalised);
 * vector search is cosine over `conversation_event_vectors`.
 */

/** One event found by a search, in the order of its list. */
export interface EventMatch {
  eventId: string; sessionId: string; ts: Date; text: string; score: number;
  /** Set on a turn that joined a list only as the one after a hit (session context): that hit's id. */
  contextOf?: string;
}

/** Event hits best first: by score, then the earlier turn, then id (every event list sorts so). */
export const bestFirst = (a: EventMatch, b: EventMatch): number =>
  b.score - a.score || a.ts.getTime() - b.ts.getTime() || (a.eventId < b.eventId ? -1 : 1);

/** Optional event-time bounds (from a date in the query): [from, to). */
export type { TimeWindow };

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/** Words in more than this share of a project's events do not select candidates (they still score). */
const COMMON_SHARE = 0.2;

const inWindow = (w: TimeWindow | undefined): RawBuilder<boolean> =>
  (w ? sql<boolean>`e.ts >= ${w.from.toISOString()}::timestamptz AND e.ts < ${w.to.toISOString()}::timestamptz` : sql<boolean>`true`);

type Row = { event_id: string; session_id: string; ts: Date | string; text: string; score: number | string };
const toMatch = (r: Row): EventMatch => ({ eventId: r.event_id, sessionId: r.session_id, ts: new Date(r.ts), text: r.text, score: Number(r.score) });

/** Events matching any of the query's words, ranked by BM25. */
export async function keywordEvents(db: ConversationDb, project: string, stats: TermStats, k: number, window?: TimeWindow): Promise<EventMatch[]> {
  if (stats.terms.length === 0) return [];
  const rare = stats.terms.filter((t) => t.df > 0 && t.df <= Math.max(1, stats.events * COMMON_SHARE));
  const selecting = (rare.length ? rare : stats.terms.filter((t) => t.df > 0)).map((t) => t.lexeme);
  if (selecting.length === 0) return [];
  const lexemes = stats.terms.map((t) => t.lexeme);
  const idfs = stats.terms.map((t) => t.idf);
  const r = await sql<Row>`
    WITH q AS (SELECT * FROM unnest(${lexemes}::text[], ${idfs}::float8[]) AS q(lexeme, idf)),
    hits AS (
      SELECT e.event_id, e.session_id, e.ts, e.text, e.search_tsv FROM conversation_events e
      WHERE e.project = ${project} AND ${inWindow(window)}
        AND e.search_tsv @@ (SELECT string_agg(quote_literal(l), ' | ') FROM unnest(${selecting}::text[]) AS l)::tsquery)
    SELECT h.event_id, h.session_id, h.ts, h.text,
      sum(q.idf * (cardinality(u.positions) * ${K1 + 1}::float8) /
        (cardinality(u.positions) + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * length(h.search_tsv) / ${stats.avgLength}::float8))) AS score
    FROM hits h CROSS JOIN LATERAL unnest(h.search_tsv) AS u JOIN q ON q.lexeme = u.lexeme
    GROUP BY h.event_id, h.session_id, h.ts, h.text
    ORDER BY score DESC, h.ts, h.event_id
    LIMIT ${k}::int`.execute(db);
  return r.rows.map(toMatch);
}

/**
 * Nearest events by cosine distance to the query vector `v` (a pgvector literal). One statement: the
 * HNSW settings are session defaults of engram's connections (infra's session-defaults.ts,
 * ADR-0042): `hnsw.ef_search` 100 and iterative scans, which keep HNSW going past it when the
 * project filter rejects neighbours of other projects or more rows are asked for.
 */
export async function vectorEvents(db: ConversationDb, v: string, project: string, k: number, window?: TimeWindow): Promise<EventMatch[]> {
  const r = await sql<Row>`
    SELECT e.event_id, e.session_id, e.ts, e.text, 1 - (v.embedding <=> ${v}::vector) AS score
    FROM conversation_event_vectors v JOIN conversation_events e ON e.event_id = v.event_id
    WHERE v.project = ${project} AND ${inWindow(window)}
    ORDER BY v.embedding <=> ${v}::vector, e.event_id
    LIMIT ${k}`.execute(db);
  // relaxed_order: an iterative scan may return slightly out of order.
  return r.rows.map(toMatch).sort((a, b) => b.score - a.score);
}

/** The segment holding each event (its own bounds include it), else its day: where to browse from. */
export async function holdingNodes(db: ConversationDb, project: string, events: readonly { eventId: string; ts: Date }[]): Promise<Map<string, string>> {
  if (events.length === 0) return new Map();
  const ids = events.map((e) => e.eventId);
  const r = await sql<{ event_id: string; node_id: string | null }>`
    SELECT e.event_id, (SELECT l.node_id FROM toc_latest l WHERE l.project = ${project} AND l.level = 'segment'
      AND l.start_ts <= e.ts AND l.end_ts >= e.ts ORDER BY l.start_ts DESC LIMIT 1) AS node_id
    FROM conversation_events e WHERE e.project = ${project} AND e.event_id = ANY(${ids}::text[])`.execute(db);
  const held = new Map(r.rows.filter((x) => x.node_id).map((x) => [x.event_id, x.node_id as string]));
  for (const e of events) if (!held.has(e.eventId)) held.set(e.eventId, `day:${e.ts.toISOString().slice(0, 10)}`);
  return held;
}
