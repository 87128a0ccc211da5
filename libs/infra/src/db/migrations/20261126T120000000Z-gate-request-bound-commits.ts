import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';
import { COMMIT_UNCHECKED, commitApprovedSql, commitUncheckedSql } from './sql/20261126T12-commit-functions.js';
import { previousFunctionsSql } from './sql/20261126T12-previous-functions.js';
import { decisionAndRequestSql, derivedDataSql } from './sql/20261126T12-request-functions.js';

/*
 * The threat model of issue 17 (ADR-0004 amended, ADR-0022). A caller holding the service login
 * could commit versions with an invented audit, move a record to another scope, blank a record
 * with a forged forget, pre-register approvals, join scopes with edges, lift confidences and write
 * any vector. From here on:
 * - a version is committed only under a gate_requests row that is `approved` and is consumed by
 *   the commit (status `committed`, result set, in the same statement): no row, no commit; one
 *   request, one version per record (supersede and import may write several in the transaction
 *   that consumed them). The one-statement create (`engram_commit_head` with a request) logs its
 *   request in the same call and may only create version 1 of a new id in the request's scope;
 * - id and scope never change (promote to global is the one scope move), a forgotten record is
 *   never written again, and a forgotten version is always the tombstone;
 * - `engram_forget` needs an approved forget (or import) request for that record;
 * - gate_requests is written only through functions (`engram_log_request`, `engram_decide_request`):
 *   a payload is never changed after logging, `committed` is set only by a commit;
 * - audits without a version only for a logged request; edges only between live records in the
 *   same scope or to/from global; a touch only records the access (the read floor is computed);
 *   an embedding only for the current content hash, and never over a vector of the same model.
 * The gate's judgement itself runs in the application, which holds the same login: the database
 * cannot tell a forged approval from a real one (docs/threat-model.md). Frozen in time.
 */
const SERVICE_FUNCTIONS = ['engram_log_request(jsonb)', 'engram_decide_request(uuid, jsonb)'];
const INTERNAL_FUNCTIONS = [`${COMMIT_UNCHECKED}(jsonb, jsonb)`, 'engram_commit_approved(jsonb, jsonb, boolean)'];

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql.raw(commitUncheckedSql).execute(db);
    await sql.raw(commitApprovedSql).execute(db);
    for (const statement of [...decisionAndRequestSql, ...derivedDataSql(ctx.embeddingDim)]) await sql.raw(statement).execute(db);
    if (ctx.backend === 'postgres') await trimGrants(db);
  };
}

async function trimGrants(db: Kysely<any>): Promise<void> {
  for (const fn of INTERNAL_FUNCTIONS) {
    await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC, engram_service`.execute(db);
  }
  for (const fn of SERVICE_FUNCTIONS) {
    await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC`.execute(db);
    await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_service`.execute(db);
  }
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON gate_requests FROM engram_service`.execute(db);
  // pg-boss reads and writes its rows; it never needs TRIGGER, REFERENCES or TRUNCATE on them.
  await sql`REVOKE ALL ON ALL TABLES IN SCHEMA pgboss FROM engram_service`.execute(db);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO engram_service`.execute(db);
  await sql`REVOKE ALL ON ALL SEQUENCES IN SCHEMA pgboss FROM engram_service`.execute(db);
  await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss REVOKE ALL ON TABLES FROM engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss REVOKE ALL ON SEQUENCES FROM engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO engram_service`.execute(db);
}

/** Restores the replaced bodies and the earlier grants, then drops the functions this migration added. */
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ dim: number }>`
    SELECT atttypmod AS dim FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'`.execute(db);
  for (const statement of previousFunctionsSql(Number(rows[0]?.dim))) await sql.raw(statement).execute(db);
  for (const fn of [...SERVICE_FUNCTIONS, ...INTERNAL_FUNCTIONS]) await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  const role = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_service'`.execute(db);
  if (!role.rows[0]?.n) return;
  await sql`GRANT INSERT, UPDATE ON gate_requests TO engram_service`.execute(db);
  await sql`GRANT ALL ON ALL TABLES IN SCHEMA pgboss TO engram_service`.execute(db);
  await sql`GRANT ALL ON ALL SEQUENCES IN SCHEMA pgboss TO engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT ALL ON TABLES TO engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT ALL ON SEQUENCES TO engram_service`.execute(db);
}
