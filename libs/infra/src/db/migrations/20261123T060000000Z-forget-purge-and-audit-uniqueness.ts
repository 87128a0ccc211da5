import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Two database guarantees the gate relies on (ADR-0004, FR-02, FR-05). Frozen in time: never
 * import application code here.
 *
 * 1. Forget purges. A tombstone version alone leaves the original text in earlier
 *    `memory_versions` rows and in the gate request log. `engram_forget` commits the tombstone
 *    through `engram_commit_version` (same concurrency and audit rules) and, in the same statement,
 *    wipes every earlier version, the embedding and the logged request payloads of that record.
 *    Audit rows stay: they are the tombstone's trail and hold no memory content.
 * 2. Exactly one approval audit per stored version. Every versioned audit row is an approval
 *    (CHECK), and at most one exists per (memory, version) (unique partial index). The commit
 *    function writes one in the same statement as the version, so "exactly one" holds.
 * 3. `engram_lock_memory`: the gate locks a record's head before computing its next version.
 *    `SELECT ... FOR UPDATE` needs UPDATE privilege, which engram_service must not have; a row
 *    lock taken inside a SECURITY DEFINER function is held until the caller's transaction ends.
 */
const FUNCTIONS = ['engram_forget(uuid, jsonb, jsonb)', 'engram_lock_memory(uuid)'];
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      ALTER TABLE gate_audit ADD CONSTRAINT gate_audit_versioned_is_approval
        CHECK (memory_version IS NULL OR action = 'approve')`.execute(db);
    await sql`
      CREATE UNIQUE INDEX gate_audit_one_approval_per_version ON gate_audit (memory_id, memory_version)
        WHERE memory_version IS NOT NULL AND action = 'approve'`.execute(db);
    await createForgetFunction(db);
    await sql`
      CREATE FUNCTION engram_lock_memory(p_id uuid) RETURNS boolean
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      BEGIN
        PERFORM 1 FROM memories WHERE id = p_id FOR UPDATE;
        RETURN FOUND;
      END
      $fn$`.execute(db);
    if (ctx.backend === 'postgres') await grantToService(db);
  };
}

/*
 * `v` must be the tombstone snapshot (status forgotten, content '[forgotten]', no metadata or
 * tags), so the function cannot be used to overwrite a live record's history with anything else.
 * Request payloads are scrubbed for every request that targeted, produced or duplicated the
 * record, except the forget request itself (its own payload holds only the id and the reason).
 */
async function createForgetFunction(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION engram_forget(p_id uuid, v jsonb, audit jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      IF v IS NULL OR (v->>'id')::uuid IS DISTINCT FROM p_id OR v->>'status' IS DISTINCT FROM 'forgotten'
         OR v->>'content' IS DISTINCT FROM '[forgotten]' OR coalesce(v->'metadata', '{}'::jsonb) <> '{}'::jsonb
         OR coalesce(v->'tags', '[]'::jsonb) <> '[]'::jsonb THEN
        RAISE EXCEPTION 'engram_forget: v must be the tombstone version of memory %', p_id USING ERRCODE = 'check_violation';
      END IF;
      PERFORM engram_commit_version(v, audit);

      UPDATE memory_versions SET content = v->>'content', metadata = '{}'::jsonb, tags = '{}',
        content_hash = v->>'content_hash', status_reason = NULL
      WHERE id = p_id AND version < (v->>'version')::integer;

      UPDATE memories SET embedding = NULL, embedding_model = NULL, embedding_model_version = NULL WHERE id = p_id;

      UPDATE gate_requests
      SET payload = jsonb_set(payload, '{request}', jsonb_build_object('op', payload->'request'->'op', 'forgotten', p_id))
      WHERE (target_id = p_id OR result_id = p_id OR payload->>'duplicateOf' = p_id::text)
        AND id <> (audit->>'request_id')::uuid;
    END
    $fn$`.execute(db);
}

/** Same rule as the service-role migration: only engram_service (not PUBLIC) may call them. */
async function grantToService(db: Kysely<any>): Promise<void> {
  for (const fn of FUNCTIONS) {
    await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC`.execute(db);
    await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_service`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const fn of FUNCTIONS) await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  await sql`DROP INDEX IF EXISTS gate_audit_one_approval_per_version`.execute(db);
  await sql`ALTER TABLE gate_audit DROP CONSTRAINT IF EXISTS gate_audit_versioned_is_approval`.execute(db);
}
