import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/*
 * Test seeds that commit through the SQL functions directly (libs that may not depend on the
 * librarian) need what the gate has before every commit since ADR-0022: an approved request row.
 * An `import` request may write any record's next version, which is what seeding needs.
 */
export async function logApprovedRequest(
  db: Kysely<any>, r: { operation?: string; scope?: string; targetId?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  const row = {
    id, operation: r.operation ?? 'import', payload: { request: { op: r.operation ?? 'import' } }, scope: r.scope ?? 'global',
    requested_by: 'test-seed', status: 'approved', decision: 'ADD', reason: 'test seed', target_id: r.targetId ?? null,
  };
  await sql`SELECT engram_log_request(${JSON.stringify(row)}::jsonb)`.execute(db);
  return id;
}

/** An approval audit for `engram_commit_version` under a freshly logged approved request. */
export async function approvedAudit(db: Kysely<any>, reason = 'test seed'): Promise<string> {
  const requestId = await logApprovedRequest(db);
  return JSON.stringify({ request_id: requestId, reason, decision: 'ADD', action: 'approve' });
}
