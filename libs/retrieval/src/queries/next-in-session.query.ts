import { sql, type RawBuilder } from 'kysely';
import { HAS_EMBEDDING, MEMORY_COLUMNS, type MemoryDb } from '@engram/memory';
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

/**
 * For each of `ids`, the memory stored right after it in the same scope and session (by
 * created_at, one probe of memories_session_order_idx), if that one is visible to `filter`.
 * `context_of` is the id it follows. The candidates drive the read (a LATERAL step per candidate
 * that has a session key): at 100k memories the planner otherwise scanned every visible row and
 * tested each against the candidates (up to 228 ms per search, bench:retrieve at 100k).
 */
export function nextInSessionQuery(db: MemoryDb, ids: readonly string[], filter: VisibilityFilter) {
  const pairs = sql`(SELECT h.id AS context_of, nx.next_id
    FROM (SELECT h0.id, h0.scope, h0.created_at, ${sessionKeyOf('h0')} AS skey FROM memories h0
      WHERE h0.id = ANY(${ids}::uuid[]) AND ${sessionKeyOf('h0')} IS NOT NULL) h
    CROSS JOIN LATERAL (SELECT m.id AS next_id FROM memories m WHERE m.scope = h.scope AND m.created_at > h.created_at
      AND ${sessionKeyOf('m')} = h.skey ORDER BY m.created_at ASC, m.id DESC LIMIT 1) nx)`;
  return db
    .selectFrom('memories')
    .innerJoin(pairs.as('x'), (join) => join.on(sql<boolean>`memories.id = x.next_id`))
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, sql<string>`x.context_of`.as('context_of')])
    .$call(visibleTo(filter));
}
