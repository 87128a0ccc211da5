import { sql, type Kysely } from 'kysely';

/*
 * Session context (ADR-0020/0033) reads, for each search candidate, the memory stored right after it
 * in the same scope and session. Through (scope, created_at) alone that walks every later memory of
 * the scope until one of the same session turns up; where many sessions interleave (agents writing
 * side by side) or the candidate is its session's last, that is most of the scope: 44 ms per search
 * at 100k memories (bench:retrieve). This partial index orders each session's memories, so the step
 * is one index probe. The key is the same expression as `sessionKeyOf` in retrieval's
 * next-in-session query (session_id, session, conversation_id, conversation, thread_id, first present).
 * Frozen in time: never import application code here.
 */
const SESSION_KEY = sql`coalesce(metadata->>'session_id', metadata->>'session', metadata->>'conversation_id', metadata->>'conversation', metadata->>'thread_id')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX memories_session_order_idx ON memories (scope, (${SESSION_KEY}), created_at)
    WHERE ${SESSION_KEY} IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS memories_session_order_idx`.execute(db);
}
