import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Lifecycle sweeps (issue 6, SPEC 7): one row per run of a sweep (archive, consolidate, reembed).
 * The row is the sweep's checkpoint: `cursor` is the last memory id fully handled, so a run that
 * crashed is resumed from there by the next one; `heartbeat_at` tells a live run from a dead one.
 * Counts, duration and the last error make sweeps observable (`engram stats`, /metrics). Sweep
 * runs are bookkeeping about memories, not memories: the service role writes them directly, every
 * memory change a sweep makes still goes through the gate. Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE sweep_runs (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        sweep text NOT NULL,
        status text NOT NULL,
        dry_run boolean NOT NULL DEFAULT false,
        trigger text NOT NULL,
        cursor text,
        counts jsonb NOT NULL DEFAULT '{}'::jsonb,
        error text,
        started_at timestamptz NOT NULL,
        heartbeat_at timestamptz NOT NULL,
        finished_at timestamptz,
        CONSTRAINT sweep_runs_status_check CHECK (status IN ('running', 'completed', 'failed', 'abandoned'))
      )`.execute(db);
    await sql`CREATE INDEX sweep_runs_sweep_started_idx ON sweep_runs (sweep, seq DESC)`.execute(db);
    // At most one live (running) non-dry run per sweep: the checkpoint has one owner.
    await sql`CREATE UNIQUE INDEX sweep_runs_one_running_idx ON sweep_runs (sweep) WHERE status = 'running' AND NOT dry_run`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT, UPDATE ON sweep_runs TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sweep_runs`.execute(db);
}
