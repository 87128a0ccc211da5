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
 * created_at, through memories_scope_created_idx), if that one is visible to `filter`.
 * `context_of` is the id it follows.
 */
export function nextInSessionQuery(db: MemoryDb, ids: readonly string[], filter: VisibilityFilter) {
  const h = sql`(SELECT h0.id, h0.scope, h0.created_at, ${sessionKeyOf('h0')} AS skey FROM memories h0
    WHERE h0.id = ANY(${ids}::uuid[]) AND ${sessionKeyOf('h0')} IS NOT NULL)`;
  return db
    .selectFrom('memories')
    .innerJoin(h.as('h'), (join) => join.onTrue())
    .select(MEMORY_COLUMNS.map((c) => `memories.${c}` as const))
    .select([HAS_EMBEDDING, sql<string>`h.id`.as('context_of')])
    .where(sql<boolean>`memories.id = (SELECT m.id FROM memories m WHERE m.scope = h.scope AND m.created_at > h.created_at
      AND ${sessionKeyOf('m')} = h.skey ORDER BY m.created_at ASC, m.id DESC LIMIT 1)`)
    .$call(visibleTo(filter));
}
