import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Decision engine and learning state (issue 6, seed 003, ADR-0014). Working state, not memories:
 * the service role may write these tables directly (like prd_events); memories still only change
 * through the gate.
 *   lifecycle_events       every implicit event the engine judged: entities, token fingerprint,
 *                          signals, store/skip, latency, and the memory it became (frequency,
 *                          compression and graph-connection lookups; decision metrics)
 *   lifecycle_entity_refs  per scope and entity, how often past events referenced it (importance)
 *   lifecycle_usefulness   per memory, the half-life factor outcome feedback earned (stage 3)
 *   lifecycle_feedback     the retrieval/outcome log (memory, success|failure, query)
 *   lifecycle_weights      relevance weight history (α, β, γ); the newest row is current
 * Frozen in time: never import application code here.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE lifecycle_events (
        id uuid PRIMARY KEY,
        scope text NOT NULL,
        source text NOT NULL,
        event_type text NOT NULL,
        entities text[] NOT NULL,
        tokens text[] NOT NULL,
        occurred_at timestamptz NOT NULL,
        decision text NOT NULL CHECK (decision IN ('store', 'store_compressed', 'skip')),
        relevance double precision NOT NULL,
        signals jsonb NOT NULL,
        latency_ms double precision,
        memory_id uuid,
        gate_status text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX lifecycle_events_entities_idx ON lifecycle_events USING gin (entities)`.execute(db);
    await sql`CREATE INDEX lifecycle_events_scope_time_idx ON lifecycle_events (scope, occurred_at)`.execute(db);
    await sql`CREATE INDEX lifecycle_events_memory_idx ON lifecycle_events (memory_id) WHERE memory_id IS NOT NULL`.execute(db);
    await sql`
      CREATE TABLE lifecycle_entity_refs (
        scope text NOT NULL,
        entity text NOT NULL,
        ref_count integer NOT NULL,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (scope, entity)
      )`.execute(db);
    await sql`
      CREATE TABLE lifecycle_usefulness (
        memory_id uuid PRIMARY KEY,
        factor double precision NOT NULL CHECK (factor > 0),
        successes integer NOT NULL DEFAULT 0,
        failures integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`
      CREATE TABLE lifecycle_feedback (
        id bigserial PRIMARY KEY,
        memory_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        query text,
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX lifecycle_feedback_memory_idx ON lifecycle_feedback (memory_id)`.execute(db);
    await sql`
      CREATE TABLE lifecycle_weights (
        id bigserial PRIMARY KEY,
        recency double precision NOT NULL,
        frequency double precision NOT NULL,
        entity_importance double precision NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`
        GRANT SELECT, INSERT, UPDATE ON lifecycle_events, lifecycle_entity_refs, lifecycle_usefulness, lifecycle_feedback, lifecycle_weights
        TO engram_service`.execute(db);
      await sql`GRANT USAGE ON SEQUENCE lifecycle_feedback_id_seq, lifecycle_weights_id_seq TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS lifecycle_weights, lifecycle_feedback, lifecycle_usefulness, lifecycle_entity_refs, lifecycle_events`.execute(db);
}
