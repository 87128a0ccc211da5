import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Work continuity (issue 7, seed 004): PRD executions with their append-only event log and
 * decisions, and thinking chains with their numbered thoughts. These are working state, not
 * memories: what is worth remembering leaves them as memories through the gate, so the service
 * role may write these tables directly (like a2a_tasks). `revision` is bumped by every write to an
 * execution; readers use it to validate cached contexts across processes. Frozen in time: never
 * import application code here.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE prd_executions (
        id uuid PRIMARY KEY,
        scope text NOT NULL,
        prd_ref text NOT NULL,
        prd_hash text,
        title text,
        status text NOT NULL DEFAULT 'not_started'
          CHECK (status IN ('not_started', 'in_progress', 'paused', 'blocked', 'completed')),
        progress jsonb NOT NULL,
        revision integer NOT NULL DEFAULT 1,
        last_seq integer NOT NULL DEFAULT 0,
        narrative text,
        compaction jsonb,
        compacted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT prd_executions_ref_key UNIQUE (scope, prd_ref)
      )`.execute(db);
    await sql`CREATE INDEX prd_executions_updated_idx ON prd_executions (updated_at DESC, id)`.execute(db);
    await sql`
      CREATE TABLE prd_events (
        id uuid PRIMARY KEY,
        execution_id uuid NOT NULL REFERENCES prd_executions (id),
        seq integer NOT NULL,
        event_key text,
        type text NOT NULL CHECK (type IN (
          'requirement_started', 'requirement_completed', 'decision_made', 'blocker_hit', 'blocker_resolved',
          'test_passed', 'test_failed', 'revision', 'review_feedback', 'agent_handoff', 'error_encountered', 'rollback')),
        requirement_id text,
        summary text NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        agent_id text,
        thinking_chain_id uuid,
        occurred_at timestamptz NOT NULL,
        formation jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT prd_events_seq_key UNIQUE (execution_id, seq),
        CONSTRAINT prd_events_key_key UNIQUE (execution_id, event_key)
      )`.execute(db);
    await sql`CREATE INDEX prd_events_requirement_idx ON prd_events (execution_id, requirement_id)`.execute(db);
    await sql`
      CREATE TABLE prd_decisions (
        id uuid PRIMARY KEY,
        execution_id uuid NOT NULL REFERENCES prd_executions (id),
        event_id uuid NOT NULL REFERENCES prd_events (id),
        requirement_id text,
        decision text NOT NULL,
        reason text,
        alternatives jsonb NOT NULL DEFAULT '[]'::jsonb,
        agent_id text,
        memory jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX prd_decisions_execution_idx ON prd_decisions (execution_id, created_at)`.execute(db);
    await sql`
      CREATE TABLE thinking_chains (
        id uuid PRIMARY KEY,
        scope text NOT NULL,
        query text NOT NULL,
        summary text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'abandoned')),
        thought_count integer NOT NULL DEFAULT 0,
        prd_execution_id uuid REFERENCES prd_executions (id),
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        extracted jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`.execute(db);
    await sql`CREATE INDEX thinking_chains_scope_idx ON thinking_chains (scope, status, updated_at DESC)`.execute(db);
    await sql`
      CREATE TABLE thinking_thoughts (
        chain_id uuid NOT NULL REFERENCES thinking_chains (id),
        number integer NOT NULL,
        content text NOT NULL,
        revises integer,
        branch_id text,
        branch_from integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, number)
      )`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`
        GRANT SELECT, INSERT, UPDATE ON prd_executions, prd_events, prd_decisions, thinking_chains, thinking_thoughts
        TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS thinking_thoughts, thinking_chains, prd_decisions, prd_events, prd_executions`.execute(db);
}
