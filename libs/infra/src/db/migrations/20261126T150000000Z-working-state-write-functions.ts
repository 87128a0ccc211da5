import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';
import { appendEventsSql, compactTocSql, recordWeightsSql } from './sql/20261126T15-working-state-functions.js';

/*
 * Issue 17, second round (ADR-0022 amended). The service login could still append conversation
 * events under any string as project (and skip the outbox), write any weight history row (the
 * relevance of every later decision) and delete CURRENT TOC node versions. Those three writes now
 * go through functions that check the scope shape and batch bound, the weights' bounds, and that a
 * deleted node version is superseded; the direct privileges are revoked. The login still reads
 * these tables. Frozen in time.
 */
const FUNCTIONS = [
  'engram_append_conversation_events(jsonb)',
  'engram_record_weights(double precision, double precision, double precision, text)',
  'engram_compact_toc(text, integer)',
];

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    for (const statement of [appendEventsSql, recordWeightsSql, compactTocSql]) await sql.raw(statement).execute(db);
    if (ctx.backend !== 'postgres') return;
    for (const fn of FUNCTIONS) {
      await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_service`.execute(db);
    }
    await sql`REVOKE INSERT ON conversation_events FROM engram_service`.execute(db);
    await sql`REVOKE USAGE ON SEQUENCE conversation_events_seq_seq FROM engram_service`.execute(db);
    await sql`REVOKE INSERT, UPDATE ON lifecycle_weights FROM engram_service`.execute(db);
    await sql`REVOKE USAGE ON SEQUENCE lifecycle_weights_id_seq FROM engram_service`.execute(db);
    await sql`REVOKE DELETE ON toc_nodes FROM engram_service`.execute(db);
  };
}

/** Gives the direct privileges back, then drops the functions. */
export async function down(db: Kysely<any>): Promise<void> {
  const role = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_service'`.execute(db);
  if (role.rows[0]?.n) {
    await sql`GRANT INSERT ON conversation_events TO engram_service`.execute(db);
    await sql`GRANT USAGE ON SEQUENCE conversation_events_seq_seq TO engram_service`.execute(db);
    await sql`GRANT INSERT, UPDATE ON lifecycle_weights TO engram_service`.execute(db);
    await sql`GRANT USAGE ON SEQUENCE lifecycle_weights_id_seq TO engram_service`.execute(db);
    await sql`GRANT DELETE ON toc_nodes TO engram_service`.execute(db);
  }
  for (const fn of FUNCTIONS) await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
}
