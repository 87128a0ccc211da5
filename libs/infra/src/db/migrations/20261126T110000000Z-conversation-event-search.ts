import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Every conversation turn searchable (issue 21, ADR-0021). Until now search reached the raw log
 * only through TOC grips (a fifth of the turns).
 * - conversation_events.search_tsv: the event text as a tsvector, generated at insert (no extra
 *   statement on the ingest path) with a GIN index, for ranked any-word keyword search.
 * - conversation_event_vectors: one embedding per event, filled after ingest by the conversation
 *   embedding job (the log itself stays append-only: a vector is derived data, so it lives apart
 *   and may be deleted and recomputed, e.g. for another model).
 * Frozen in time: never import application code here.
 */
export function buildUp(ctx: MigrationContext) {
  const dim = sql.raw(String(ctx.embeddingDim));
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`ALTER TABLE conversation_events
      ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED`.execute(db);
    await sql`CREATE INDEX conversation_events_tsv_idx ON conversation_events USING gin (search_tsv)`.execute(db);
    await sql`
      CREATE TABLE conversation_event_vectors (
        event_id text PRIMARY KEY REFERENCES conversation_events (event_id),
        project text NOT NULL,
        embedding vector(${dim}) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX conversation_event_vectors_project_idx ON conversation_event_vectors (project)`.execute(db);
    await sql`CREATE INDEX conversation_event_vectors_embedding_idx ON conversation_event_vectors USING hnsw (embedding vector_cosine_ops)`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT, DELETE ON conversation_event_vectors TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS conversation_event_vectors`.execute(db);
  await sql`DROP INDEX IF EXISTS conversation_events_tsv_idx`.execute(db);
  await sql`ALTER TABLE conversation_events DROP COLUMN IF EXISTS search_tsv`.execute(db);
}
