import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * The write path's round trips (issue 2). `engram_commit_head` commits a version exactly as
 * `engram_commit_version` does (it calls it: same concurrency, audit and zero-bypass rules), then,
 * in the same statement, the graph edges the gate planned for it and the gate's request row, and
 * returns the committed head row. An auto-approved create is therefore ONE statement after its
 * Layer 2 read, instead of five (version, read back, edges, request row, and the transaction
 * around them). A statement cannot see rows its own function call wrote through a CTE, hence a
 * function. SECURITY DEFINER for the same reason as the functions it calls; only engram_service
 * may call it. Frozen in time.
 */
const SIGNATURE = 'engram_commit_head(jsonb, jsonb, jsonb, jsonb)';

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE FUNCTION engram_commit_head(v jsonb, audit jsonb, edges jsonb, request jsonb) RETURNS SETOF memories
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      BEGIN
        PERFORM engram_commit_version(v, audit);
        PERFORM engram_add_edge((e->>'src')::uuid, (e->>'dst')::uuid, e->>'kind', (e->>'weight')::real)
          FROM jsonb_array_elements(coalesce(edges, '[]'::jsonb)) AS e;
        IF request IS NOT NULL THEN
          INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status, decision, reason, policy_matched,
                                     reviewer, target_id, result_id, result_version, created_at, decided_at)
          VALUES ((request->>'id')::uuid, request->>'operation', request->'payload', request->>'scope', request->>'requested_by',
                  request->>'status', request->>'decision', request->>'reason', request->>'policy_matched', request->>'reviewer',
                  (request->>'target_id')::uuid, (request->>'result_id')::uuid, (request->>'result_version')::integer,
                  date_trunc('milliseconds', now()), now());
        END IF;
        RETURN QUERY SELECT * FROM memories WHERE id = (v->>'id')::uuid;
      END
      $fn$`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`REVOKE ALL ON FUNCTION ${sql.raw(SIGNATURE)} FROM PUBLIC`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(SIGNATURE)} TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ${sql.raw(SIGNATURE)}`.execute(db);
}
