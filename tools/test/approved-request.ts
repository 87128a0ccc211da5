import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/*
 * Test seeds that commit through the SQL functions directly (libs that may not depend on the
 * librarian) need what the gate has before every commit since ADR-0022: an approved request row.
 * An `import` request may write any record's next version, but only one its payload carries
 * (issue 36): the seed logs the version it is about to commit as the import's payload.
 */
type Snapshot = Record<string, unknown>;

/** The import payload entry the commit functions compare a version with (camelCase, as the gate stores it). */
export function importedEntry(v: Snapshot): Snapshot {
  return {
    id: v['id'], version: v['version'], content: v['content'], scope: v['scope'], status: v['status'], trust: v['trust'],
    confidence: v['confidence'], supersededBy: v['superseded_by'] ?? null, metadata: v['metadata'] ?? {}, tags: v['tags'] ?? [],
  };
}

export async function logApprovedRequest(
  db: Kysely<any>, r: { operation?: string; scope?: string; targetId?: string | null; versions?: Snapshot[]; status?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const op = r.operation ?? 'import';
  const request = op === 'import' ? { op, versions: (r.versions ?? []).map(importedEntry) } : { op };
  const row = {
    id, operation: op, payload: { request, actor: { id: 'test-seed', kind: 'tool' } }, scope: r.scope ?? 'global',
    requested_by: 'test-seed', status: r.status ?? 'approved', decision: 'ADD', reason: 'test seed',
    target_id: r.targetId ?? (r.versions?.[0]?.['id'] as string | undefined) ?? null,
  };
  await sql`SELECT engram_log_request(${JSON.stringify(row)}::jsonb)`.execute(db);
  return id;
}

/** An approval audit for `engram_commit_version` of `v` under a freshly logged approved import request carrying it. */
export async function approvedAudit(db: Kysely<any>, v: Snapshot, reason = 'test seed'): Promise<string> {
  const requestId = await logApprovedRequest(db, { versions: [v] });
  return JSON.stringify({ request_id: requestId, reason, decision: 'ADD', action: 'approve' });
}

/** @engram/memory's content hash for test text (what the commit functions recompute for ASCII text). */
export function testContentHash(text: string): string {
  return createHash('sha256').update(text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase(), 'utf8').digest('hex');
}
