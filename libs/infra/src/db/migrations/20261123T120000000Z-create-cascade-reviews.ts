import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * The review queue of retrieval cascades (issue 3): when a memory was derived from a record that
 * has since been superseded, retracted or forgotten, retrieval flags it here for a human to look
 * at. One open flag per (memory, cause); flags are bookkeeping about memories, not memories, so
 * the service role may write them directly (no memory table is touched). Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE cascade_reviews (
        memory_id uuid NOT NULL,
        cause_id uuid NOT NULL,
        cause_status text NOT NULL,
        reason text NOT NULL,
        flagged_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolved_by text,
        CONSTRAINT cascade_reviews_pkey PRIMARY KEY (memory_id, cause_id)
      )`.execute(db);
    await sql`CREATE INDEX cascade_reviews_open_idx ON cascade_reviews (flagged_at) WHERE resolved_at IS NULL`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT, UPDATE ON cascade_reviews TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cascade_reviews`.execute(db);
}
