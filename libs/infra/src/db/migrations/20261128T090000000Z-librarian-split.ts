import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Issue 36, T3-16: the librarian split of ADR-0031, built (ADR-0047). The functions that log,
 * decide, lock and commit gate requests run only for a login of `engram_librarian`, the role of
 * the librarian process (`engram librarian`). The servers' login (`engram_service`) keeps its
 * reads, the working-state functions and the vectors; it hands every gated write to the
 * librarian over an authenticated local socket. So a thief of the service login can no longer
 * log an approved request, decide one, or commit, lock, forget or link a record.
 * `engram_librarian` is a member of `engram_service`: what the servers may do, it may too.
 * PGlite has one user and no roles: a no-op there (the embedded store's boundary is its home).
 * Frozen in time: later migrations that replace one of these functions keep its grants.
 */
export const LIBRARIAN_FUNCTIONS = [
  'engram_log_request(jsonb)', 'engram_decide_request(uuid, jsonb)', 'engram_claim_request(uuid)', 'engram_record_decision(jsonb)',
  'engram_commit_version(jsonb, jsonb)', 'engram_commit_head(jsonb, jsonb, jsonb, jsonb)', 'engram_commit_heads(jsonb)',
  'engram_forget(uuid, jsonb, jsonb)', 'engram_lock_memory(uuid)', 'engram_add_edge(uuid, uuid, text, real)',
];

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    if (ctx.backend !== 'postgres') return;
    // Roles are cluster-wide: parallel migrations of several databases race on creating it.
    await sql`
      DO $do$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_librarian') THEN
          CREATE ROLE engram_librarian NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $do$`.execute(db);
    await sql`GRANT engram_service TO engram_librarian`.execute(db);
    for (const fn of LIBRARIAN_FUNCTIONS) {
      await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC, engram_service`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_librarian`.execute(db);
    }
  };
}

/** Gives the functions back to the service login; the role stays (other databases of the cluster may use it). */
export async function down(db: Kysely<any>): Promise<void> {
  const role = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_librarian'`.execute(db);
  if (!role.rows[0]?.n) return;
  for (const fn of LIBRARIAN_FUNCTIONS) {
    await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM engram_librarian`.execute(db);
    await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_service`.execute(db);
  }
}
