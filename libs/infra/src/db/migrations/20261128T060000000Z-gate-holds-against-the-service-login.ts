import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';
import {
  addEdgeSql, checkableContentHashSql, checkAgainstRequestSql, sameInstantSql, claimRequestSql, commitApprovedSql, commitHeadSql, commitUncheckedSql,
  decideRequestSql, liveModelTableSql, LOCK_TIMEOUT, recordDecisionSql, setEmbeddingSql,
} from './sql/20261128T06-gate-checks.js';
import { a2aTaskGuardSql, appendTocNodeSql, debitRateBucketsSql, dropTocSegmentsSql } from './sql/20261128T06-working-state-guards.js';
import * as before from './sql/20261126T12-commit-functions.js';
import { decisionAndRequestSql, derivedDataSql } from './sql/20261126T12-request-functions.js';

/*
 * Issue 36: what a thief of the service login could still do on 9f15187, refused in the database
 * (docs/threat-model.md, ADR-0022 amended):
 * - a commit is checked against its request's stored payload: the operation, the content and
 *   every field the operation does not change; an import only commits the versions it carries
 *   (T3-01, T3-02, T3-03, T3-10); the content hash against the text where it can be recomputed
 *   (T3-09);
 * - decisions only move a request forward from pending (T3-06); a decision audit is the record of
 *   the decision just taken, by its reviewer (T3-12); a `supersedes` edge only from the record
 *   that superseded its target (T3-11);
 * - vectors only of the live model, never over a live vector (T3-04, T3-07);
 * - TOC nodes and pointers only through functions that keep the pointer on the version just
 *   written and never drop a segment the day still lists (T3-05, T3-08); rate buckets through a
 *   bounded debit (T3-13); A2A tasks are never deleted, a finished one keeps its state (T3-14);
 * - every function that takes a row lock gives up after 5 s (T3-15). A later CREATE OR REPLACE of
 *   one of them must set it again.
 * Frozen in time.
 */
const SERVICE_FUNCTIONS = [
  'engram_claim_request(uuid)', 'engram_append_toc_node(jsonb, text)', 'engram_drop_toc_segments(text, text, text[])',
  'engram_debit_rate_buckets(text[], double precision[], double precision[], double precision[])',
];
const INTERNAL_FUNCTIONS = [
  'engram_check_against_request(jsonb, jsonb, jsonb)', 'engram_checkable_content_hash(text)', 'engram_same_instant(text, text)', 'engram_a2a_task_guard()',
];
const LOCKING_FUNCTIONS = [
  'engram_lock_memory(uuid)', 'engram_commit_version(jsonb, jsonb)', 'engram_commit_head(jsonb, jsonb, jsonb, jsonb)', 'engram_commit_heads(jsonb)',
  'engram_forget(uuid, jsonb, jsonb)', 'engram_log_request(jsonb)', 'engram_decide_request(uuid, jsonb)', 'engram_claim_request(uuid)',
  'engram_record_decision(jsonb)', 'engram_add_edge(uuid, uuid, text, real)', 'engram_set_embedding(uuid, text, vector, text, text)',
  'engram_append_toc_node(jsonb, text)', 'engram_drop_toc_segments(text, text, text[])', 'engram_compact_toc(text, integer)',
  'engram_debit_rate_buckets(text[], double precision[], double precision[], double precision[])',
];

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    for (const statement of [
      checkableContentHashSql, sameInstantSql, checkAgainstRequestSql, commitUncheckedSql, commitApprovedSql, commitHeadSql, decideRequestSql,
      claimRequestSql, recordDecisionSql, addEdgeSql, liveModelTableSql, setEmbeddingSql(ctx.embeddingDim),
      appendTocNodeSql, dropTocSegmentsSql, debitRateBucketsSql, a2aTaskGuardSql,
    ]) await sql.raw(statement).execute(db);
    await sql`CREATE TRIGGER a2a_tasks_guard BEFORE UPDATE ON a2a_tasks FOR EACH ROW EXECUTE FUNCTION engram_a2a_task_guard()`.execute(db);
    for (const fn of LOCKING_FUNCTIONS) await sql`ALTER FUNCTION ${sql.raw(fn)} SET lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(db);
    if (ctx.backend === 'postgres') await trimGrants(db);
  };
}

async function trimGrants(db: Kysely<any>): Promise<void> {
  for (const fn of INTERNAL_FUNCTIONS) await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC, engram_service`.execute(db);
  for (const fn of SERVICE_FUNCTIONS) {
    await sql`REVOKE ALL ON FUNCTION ${sql.raw(fn)} FROM PUBLIC`.execute(db);
    await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(fn)} TO engram_service`.execute(db);
  }
  await sql`REVOKE ALL ON embedding_live_model FROM PUBLIC, engram_service`.execute(db);
  await sql`GRANT SELECT ON embedding_live_model TO engram_service`.execute(db);
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON toc_latest FROM engram_service`.execute(db);
  await sql`REVOKE INSERT, DELETE, TRUNCATE ON toc_nodes FROM engram_service`.execute(db);
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON rate_limit_buckets FROM engram_service`.execute(db);
  await sql`REVOKE DELETE, TRUNCATE ON a2a_tasks FROM engram_service`.execute(db);
}

/** Restores the replaced bodies and the earlier grants, then drops what this migration added. */
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ dim: number }>`
    SELECT atttypmod AS dim FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'`.execute(db);
  await sql`DROP TRIGGER IF EXISTS a2a_tasks_guard ON a2a_tasks`.execute(db);
  for (const fn of LOCKING_FUNCTIONS) await sql`ALTER FUNCTION ${sql.raw(fn)} RESET lock_timeout`.execute(db).catch(() => undefined);
  for (const statement of [before.commitUncheckedSql, before.commitApprovedSql, ...decisionAndRequestSql, ...derivedDataSql(Number(rows[0]?.dim))]) {
    await sql.raw(statement).execute(db);
  }
  for (const fn of [...SERVICE_FUNCTIONS, ...INTERNAL_FUNCTIONS]) await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  await sql`DROP TABLE IF EXISTS embedding_live_model`.execute(db);
  const role = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_service'`.execute(db);
  if (!role.rows[0]?.n) return;
  await sql`GRANT INSERT, UPDATE, DELETE ON toc_latest TO engram_service`.execute(db);
  await sql`GRANT INSERT ON toc_nodes TO engram_service`.execute(db);
  await sql`GRANT INSERT, UPDATE ON rate_limit_buckets TO engram_service`.execute(db);
  await sql`GRANT DELETE ON a2a_tasks TO engram_service`.execute(db);
}
