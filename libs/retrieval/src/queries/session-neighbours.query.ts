import { sql, type RawBuilder } from 'kysely';
import { BURST_REACH, HAS_EMBEDDING, MEMORY_COLUMNS, NEIGHBOUR_DISTANCE, type MemoryDb } from '@engram/memory';
import { visibleTo, type VisibilityFilter } from './visibility.filter.js';

/**
 * The metadata keys that name the conversation or session a memory was said in, most specific
 * first. Memories sharing a scope and a value here are turns of one conversation (ADR-0020).
 */
export const SESSION_KEYS = ['session_id', 'session', 'conversation_id', 'conversation', 'thread_id'] as const;

/** The session a row of `alias` belongs to, as SQL (NULL when its metadata names none). */
export function sessionKeyOf(alias: string): RawBuilder<string | null> {
  const ref = sql.ref(`${alias}.metadata`);
  return sql`coalesce(${sql.join(SESSION_KEYS.map((k) => sql`${ref}->>${sql.lit(k)}`))})`;
}

/** Which neighbours to read: the turn after each candidate only, or the turns on both sides. */
export type NeighbourSides = 'next' | 'both';

// The memories stored right after (or before) candidate `h` in its scope and session, nearest
// first, numbered 1, 2, …: one probe of memories_session_order_idx, forwards or backwards.
function adjacent(after: boolean, depth: RawBuilder<number>) {
  const [cmp, dir, tie] = after ? [sql`>`, sql`ASC`, sql`DESC`] : [sql`<`, sql`DESC`, sql`ASC`];
  return sql`(SELECT s.id AS neighbour_id, ${sql.lit(after)} AS follows, row_number() OVER (ORDER BY s.created_at ${dir}, s.id ${tie})::int AS distance
    FROM (SELECT m.id, m.created_at FROM memories m WHERE m.scope = h.scope AND m.created_at ${cmp} h.created_at
      AND ${sessionKeyOf('m')} = h.skey ORDER BY m.created_at ${dir}, m.id ${tie} LIMIT ${depth}) s)`;
}

/**
 * A superset of memory's `speakerOf` ("Name: text" opens a chat line) in SQL: a first character
 * that is not a space, then up to 100 that are no colon or line break, then a colon. Every line
 * `speakerOf` names a speaker in passes; some that it does not ("Note: …") pass too, and read what
 * a turn would, as before.
 */
export const MAYBE_NAMED_PATTERN = '^\\S[^:\\n]{0,100}:';
const MAYBE_NAMED = sql.lit(MAYBE_NAMED_PATTERN);

/**
 * How far to read before a candidate; after it, at least one. A turn that says who spoke
 * (episodic, `speaker` or `role` in its metadata) is read BURST_REACH turns each way to find its
 * burst (ADR-0045). An episodic memory whose text may open with "Name:" may still be a turn
 * (memory's isTurn): NEIGHBOUR_DISTANCE each way, all its neighbour context uses. Any other memory
 * is never a turn: its only context is the memory stored right after it, which a keyword hit lends
 * half its score (ADR-0020), so it reads that one and nothing before it (ADR-0062: in agent notes
 * kept in sessions, the rows no ranking step looked at were more than half of every read's neighbours).
 */
function depthOf(alias: string): RawBuilder<number> {
  const row = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<number>`CASE WHEN ${row('memory_class')} <> 'episodic' THEN 0
    WHEN ${row('metadata')} ? 'speaker' OR ${row('metadata')} ? 'role' THEN ${sql.lit(BURST_REACH)}
    WHEN ${row('content')} ~ ${MAYBE_NAMED} THEN ${sql.lit(NEIGHBOUR_DISTANCE)} ELSE 0 END`;
}

/**
 * For each of `ids` (an SQL array: the candidate read passes its lists' ids), the memory stored
 * right after it in the same scope and session (by created_at) or, with `sides = 'both'`, the
 * memories on each side of it ({@link depthOf}: a turn's neighbours and burst), if visible to `filter`. `context_of` is the
 * candidate's id; `follows` says whether the row comes after it, `distance` how many turns away it
 * is (1 = adjacent). The candidates drive the read (a LATERAL step per candidate that has a session key): at 100k
 * memories the planner otherwise scanned every visible row and tested each against the
 * candidates (up to 228 ms per search, bench:retrieve at 100k).
 */
export function sessionNeighboursQuery(db: MemoryDb, ids: RawBuilder<unknown>, filter: VisibilityFilter, sides: NeighbourSides = 'next') {
  const steps = sides === 'both' ? sql`${adjacent(true, sql`greatest(h.depth, 1)`)} UNION ALL ${adjacent(false, sql`h.depth`)}` : adjacent(true, sql`1`);
  const depths = sides === 'both' ? sql`, ${depthOf('h0')} AS depth` : sql``;
  const pairs = sql`(SELECT h.id AS context_of, nb.neighbour_id, nb.follows, nb.distance
    FROM (SELECT h0.id, h0.scope, h0.created_at, ${sessionKeyOf('h0')} AS skey${depths} FROM memories h0
      WHERE h0.id = ANY(${ids}::uuid[]) AND ${sessionKeyOf('h0')} IS NOT NULL) h
    CROSS JOIN LATERAL (${steps}) nb)`;
  return db
    .selectFrom('memories')
    .innerJoin(pairs.as('x'), (join) => join.on(sql<boolean>`memories.id = x.neighbour_id`))
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, sql<string>`x.context_of`.as('context_of'), sql<boolean>`x.follows`.as('follows'), sql<number>`x.distance`.as('distance')])
    .$call(visibleTo(filter));
}
