import type { EmbeddingProvider } from '@engram/infra';
import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';

/** What one embedding pass did: events embedded, and whether more are waiting. */
export interface EventEmbedReport { embedded: number; more: boolean }

/**
 * Embeds up to `limit` events that have no vector yet, oldest first (issue 21). Runs in the
 * servers' `embed-conversation-events` job, never on the ingest path; an event without text (a
 * session start) is embedded by its kind so that the pass always makes progress. Concurrent passes
 * are harmless: a vector inserted twice is skipped by the primary key.
 */
export async function embedPendingEvents(db: ConversationDb, embedder: Pick<EmbeddingProvider, 'embedPassages'>, limit: number): Promise<EventEmbedReport> {
  const rows = await sql<{ event_id: string; project: string; text: string; kind: string }>`
    SELECT e.event_id, e.project, e.text, e.kind FROM conversation_events e
    WHERE NOT EXISTS (SELECT 1 FROM conversation_event_vectors v WHERE v.event_id = e.event_id)
    ORDER BY e.ts, e.seq LIMIT ${limit + 1}`.execute(db);
  const batch = rows.rows.slice(0, limit);
  if (batch.length === 0) return { embedded: 0, more: false };
  const vectors = await embedder.embedPassages(batch.map((r) => r.text.trim() || r.kind));
  const values = batch.map((r, i) => sql`(${r.event_id}, ${r.project}, ${`[${Array.from(vectors[i] ?? []).join(',')}]`}::vector)`);
  await sql`INSERT INTO conversation_event_vectors (event_id, project, embedding) VALUES ${sql.join(values)}
    ON CONFLICT (event_id) DO NOTHING`.execute(db);
  return { embedded: batch.length, more: rows.rows.length > limit };
}

/** Whether any event still lacks a vector (the servers' sweep asks before queueing a pass). */
export async function hasUnembeddedEvents(db: ConversationDb): Promise<boolean> {
  const r = await sql<{ x: number }>`SELECT 1 AS x FROM conversation_events e
    WHERE NOT EXISTS (SELECT 1 FROM conversation_event_vectors v WHERE v.event_id = e.event_id) LIMIT 1`.execute(db);
  return r.rows.length > 0;
}
