import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Conversation memory (issue 5, SPEC 6, seed 002 STOR-01/ING-03..05): the append-only event log
 * fed by agent hooks and its outbox. `event_id` is the idempotency key (a redelivered event is a
 * no-op); `ts` is the SOURCE time and orders the log, `seq` is ingestion order and breaks ties.
 * The outbox row is written in the same transaction as a NEW event, so the TOC builder never
 * misses one; `claimed_until` leases a row to one consumer (a crashed consumer's rows come back). Events are working state (raw transcript), not memories: the service role may
 * insert them but never update or delete (append-only by grant). Frozen in time: never import
 * application code here.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE conversation_events (
        event_id text PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 200),
        project text NOT NULL,
        agent text NOT NULL,
        session_id text NOT NULL,
        ts timestamptz NOT NULL,
        seq bigserial NOT NULL,
        kind text NOT NULL CHECK (kind IN (
          'session_start', 'user_message', 'assistant_message', 'tool_use', 'tool_result',
          'subagent_stop', 'pre_compact', 'session_end', 'note')),
        role text NOT NULL,
        text text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        tokens integer NOT NULL DEFAULT 0,
        ingested_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX conversation_events_project_ts_idx ON conversation_events (project, ts, seq)`.execute(db);
    await sql`CREATE INDEX conversation_events_session_idx ON conversation_events (session_id, ts, seq)`.execute(db);
    await sql`
      CREATE TABLE conversation_outbox (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL,
        project text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        processed_at timestamptz
      )`.execute(db);
    await sql`CREATE INDEX conversation_outbox_pending_idx ON conversation_outbox (id) WHERE processed_at IS NULL`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT ON conversation_events TO engram_service`.execute(db);
      await sql`GRANT SELECT, INSERT, UPDATE ON conversation_outbox TO engram_service`.execute(db);
      await sql`GRANT USAGE ON SEQUENCE conversation_events_seq_seq, conversation_outbox_id_seq TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS conversation_outbox, conversation_events`.execute(db);
}
