import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';
import { checkLimit } from './page-limit.js';

/** How long a claimed outbox row stays with its consumer before another may claim it. */
export const DEFAULT_OUTBOX_LEASE_MS = 60_000;

export interface OutboxEntry {
  id: number;
  eventId: string;
  project: string;
}

/**
 * Leases up to `limit` unprocessed outbox rows, oldest first. At-least-once: a consumer that dies
 * without completing gets its rows reclaimed after the lease; consumers must be idempotent.
 * A lease ending at T is free from T on (`<=`): PGlite's clock can give two statements the same
 * now(), and a 0 ms lease must still be expired for the next claim.
 */
export async function claimOutbox(db: ConversationDb, limit: number, leaseMs = DEFAULT_OUTBOX_LEASE_MS): Promise<OutboxEntry[]> {
  const n = checkLimit(limit, 'limit');
  if (n === 0) return [];
  const lease = `${Math.max(0, Math.floor(leaseMs))} milliseconds`;
  const result = await sql<{ id: number | string; event_id: string; project: string }>`
    UPDATE conversation_outbox SET claimed_until = now() + ${lease}::interval
    WHERE id IN (
      SELECT id FROM conversation_outbox
      WHERE processed_at IS NULL AND (claimed_until IS NULL OR claimed_until <= now())
      ORDER BY id LIMIT ${n} FOR UPDATE SKIP LOCKED)
    RETURNING id, event_id, project`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), eventId: r.event_id, project: r.project })).sort((a, b) => a.id - b.id);
}

/** Marks claimed outbox rows done; completing twice is harmless. */
export async function completeOutbox(db: ConversationDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('conversation_outbox').set({ processed_at: new Date() }).where('id', 'in', ids).where('processed_at', 'is', null).execute();
}
