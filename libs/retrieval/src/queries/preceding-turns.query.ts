import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from '@engram/memory';
import { sessionKeyOf } from './session-neighbours.query.js';

/** A turn said before a pending record in its session, `distance` turns back (1 = right before). */
export interface PrecedingTurn {
  contextOf: string;
  content: string;
  metadata: unknown;
  createdAt: Date;
  distance: number;
}

/**
 * For each of `ids` that is a turn of a dialogue (episodic, with a `speaker` or `role` and a
 * session key), up to `depth` searchable memories stored before it in its scope and session,
 * nearest first: one backwards probe of memories_session_order_idx per turn.
 */
export async function precedingTurns(db: Kysely<MemoryDatabase>, ids: readonly string[], depth: number): Promise<PrecedingTurn[]> {
  if (ids.length === 0 || depth < 1) return [];
  const { rows } = await sql<{ context_of: string; content: string; metadata: unknown; created_at: Date; distance: number }>`
    SELECT h.id AS context_of, p.content, p.metadata, p.created_at, p.distance
      FROM (SELECT h0.id, h0.scope, h0.created_at, ${sessionKeyOf('h0')} AS skey FROM memories h0
             WHERE h0.id = ANY(${[...ids]}::uuid[]) AND h0.memory_class = 'episodic'
               AND (h0.metadata ? 'speaker' OR h0.metadata ? 'role') AND ${sessionKeyOf('h0')} IS NOT NULL) h
      CROSS JOIN LATERAL (
        SELECT m.content, m.metadata, m.created_at, row_number() OVER (ORDER BY m.created_at DESC, m.id ASC)::int AS distance
          FROM memories m
         WHERE m.scope = h.scope AND m.created_at < h.created_at AND ${sessionKeyOf('m')} = h.skey
           AND m.status IN ('active', 'archived')
         ORDER BY m.created_at DESC, m.id ASC LIMIT ${depth}) p`.execute(db);
  return rows.map((r) => ({ contextOf: r.context_of, content: r.content, metadata: r.metadata, createdAt: new Date(r.created_at), distance: Number(r.distance) }));
}
