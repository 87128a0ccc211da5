import type { EmbeddingProvider } from '@engram/infra';
import { CONTEXT_REACH, embeddingText, isShortTurn, type ContextTurn } from '@engram/memory';
import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';

/** What one embedding pass did: events embedded, and whether more are waiting. */
export interface EventEmbedReport { embedded: number; more: boolean }

/** Kinds whose events are turns of a dialogue: only these are embedded with, or as, context. */
const DIALOGUE_KINDS = ['user_message', 'assistant_message'];

type PendingRow = { event_id: string; project: string; text: string; kind: string };
type ContextRow = { event_id: string; own_metadata: unknown; own_ts: Date | string; text: string | null; metadata: unknown; ts: Date | string | null };

/**
 * The text the sentence model reads for each pending event, as memory's indexer makes it for a chat
 * turn (ADR-0049, ADR-0055): a short dialogue turn is followed by the turns before it in its burst
 * and their prompt; anything else is its own text (an event without text, a session start, its
 * kind). One statement reads up to CONTEXT_REACH earlier dialogue turns of each short turn's
 * session (`conversation_events_session_idx`). The log is append-only, so no context is ever undone.
 */
async function embeddingTexts(db: ConversationDb, batch: readonly PendingRow[]): Promise<string[]> {
  const short = batch.filter((r) => DIALOGUE_KINDS.includes(r.kind) && r.text.trim() !== '' && isShortTurn(r.text)).map((r) => r.event_id);
  const turns = new Map<string, { turn: ContextTurn; before: ContextTurn[] }>();
  if (short.length > 0) {
    const rows = await sql<ContextRow>`
      SELECT e.event_id, e.metadata AS own_metadata, e.ts AS own_ts, p.text, p.metadata, p.ts FROM conversation_events e
      LEFT JOIN LATERAL (SELECT p.text, p.metadata, p.ts, p.seq FROM conversation_events p
        WHERE p.session_id = e.session_id AND p.project = e.project AND (p.ts, p.seq) < (e.ts, e.seq)
          AND p.kind = ANY(${DIALOGUE_KINDS}::text[]) AND p.text <> ''
        ORDER BY p.ts DESC, p.seq DESC LIMIT ${CONTEXT_REACH}::int) p ON true
      WHERE e.event_id = ANY(${short}::text[])
      ORDER BY e.event_id, p.ts DESC, p.seq DESC`.execute(db);
    for (const r of rows.rows) {
      const entry = turns.get(r.event_id) ?? { turn: { content: '', metadata: r.own_metadata, at: new Date(r.own_ts) }, before: [] };
      if (r.text !== null) entry.before.push({ content: r.text, metadata: r.metadata, at: new Date(r.ts ?? r.own_ts) });
      turns.set(r.event_id, entry);
    }
  }
  return batch.map((r) => {
    const found = turns.get(r.event_id);
    return found ? embeddingText({ ...found.turn, content: r.text }, found.before) : r.text.trim() || r.kind;
  });
}

/**
 * Embeds up to `limit` events that have no vector yet, oldest first (issue 21). Runs in the
 * servers' `embed-conversation-events` job, never on the ingest path; an event without text (a
 * session start) is embedded by its kind so that the pass always makes progress. Concurrent passes
 * are harmless: a vector inserted twice is skipped by the primary key.
 */
export async function embedPendingEvents(db: ConversationDb, embedder: Pick<EmbeddingProvider, 'embedPassages'>, limit: number): Promise<EventEmbedReport> {
  const rows = await sql<PendingRow>`
    SELECT e.event_id, e.project, e.text, e.kind FROM conversation_events e
    WHERE NOT EXISTS (SELECT 1 FROM conversation_event_vectors v WHERE v.event_id = e.event_id)
    ORDER BY e.ts, e.seq LIMIT ${limit + 1}`.execute(db);
  const batch = rows.rows.slice(0, limit);
  if (batch.length === 0) return { embedded: 0, more: false };
  const vectors = await embedder.embedPassages(await embeddingTexts(db, batch));
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
