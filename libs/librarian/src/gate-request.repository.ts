import { sql, type Kysely } from 'kysely';
import { decodeCursor, encodeCursor, isUuid, type Page } from '@engram/memory';
import type { GateDatabase } from './database-schema.js';
import { GateRequestNotFoundError, GateRequestNotPendingError } from './errors.js';
import type { GateAuditEntry, GateRequest, StoredPayload } from './gate-outcome.js';
import type { GateRequestStatus } from './tables/gate-requests.table.js';

/** A gate_requests row to insert. */
export interface NewGateRequest {
  id: string;
  operation: string;
  payload: StoredPayload;
  scope: string;
  requestedBy: string;
  status: GateRequestStatus;
  decision: string;
  reason: string;
  policyMatched: string | null;
  targetId: string | null;
  resultId?: string | null;
  resultVersion?: number | null;
  reviewer?: string | null;
}

/** An audit row for a decision that stores no version (reject, noop, queue). */
export interface DecisionAudit {
  requestId: string;
  action: 'reject' | 'noop' | 'queue' | 'approve';
  decision: string;
  reason: string;
  policyMatched?: string | null;
  reviewer?: string | null;
  memoryId?: string | null;
  memoryVersion?: number | null;
}

type Db = Kysely<GateDatabase>;

function toGateRequest(r: Record<string, any>): GateRequest {
  return {
    id: r.id, operation: r.operation, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as StoredPayload,
    scope: r.scope, requestedBy: r.requested_by, status: r.status, decision: r.decision, reason: r.reason,
    policyMatched: r.policy_matched, reviewer: r.reviewer, targetId: r.target_id, resultId: r.result_id,
    resultVersion: r.result_version === null ? null : Number(r.result_version), createdAt: new Date(r.created_at),
    decidedAt: r.decided_at ? new Date(r.decided_at) : null,
  };
}

/** The gate_requests columns of a new request, except the two timestamps the database sets. */
export function gateRequestColumns(r: NewGateRequest) {
  return {
    id: r.id, operation: r.operation, payload: r.payload, scope: r.scope, requested_by: r.requestedBy,
    status: r.status, decision: r.decision, reason: r.reason, policy_matched: r.policyMatched, target_id: r.targetId,
    result_id: r.resultId ?? null, result_version: r.resultVersion ?? null, reviewer: r.reviewer ?? null,
  };
}

/**
 * Logs a request through `engram_log_request` (the service may not write gate_requests itself):
 * pending, approved (about to be committed, which consumes it), rejected or noop.
 */
export async function insertGateRequest(db: Db, r: NewGateRequest): Promise<void> {
  await sql`SELECT engram_log_request(${JSON.stringify(gateRequestColumns(r))}::jsonb)`.execute(db);
}

/** A decision on a logged request (`engram_decide_request`); a committed request is final. */
export async function finishGateRequest(
  db: Db, id: string,
  r: { status: Exclude<GateRequestStatus, 'committed'>; decision?: string; reason?: string; reviewer?: string | null; resultId?: string | null },
): Promise<void> {
  const d = { status: r.status, decision: r.decision ?? null, reason: r.reason ?? null, reviewer: r.reviewer ?? null, result_id: r.resultId ?? null };
  try {
    await sql`SELECT engram_decide_request(${id}::uuid, ${JSON.stringify(d)}::jsonb)`.execute(db);
  } catch (err) {
    const m = /request \S+ is (\w[\w ]*), it cannot become/.exec(String((err as Error)?.message ?? ''));
    if (m) throw new GateRequestNotPendingError(id, m[1] as string);
    throw err;
  }
}

/** Locks a request's row until the caller's transaction ends (`engram_claim_request`): a reviewer's claim. */
export async function claimGateRequest(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw new GateRequestNotFoundError(id);
  try {
    await sql`SELECT engram_claim_request(${id}::uuid)`.execute(db);
  } catch (err) {
    // The function's lock_timeout (issue 36): another reviewer has held the request for seconds.
    if ((err as { code?: unknown })?.code === '55P03') throw new GateRequestNotPendingError(id, 'being decided by another reviewer');
    throw err;
  }
}

/** Writes an audit row through `engram_record_decision`. */
export async function recordDecision(db: Db, a: DecisionAudit): Promise<void> {
  const audit = {
    request_id: a.requestId, action: a.action, decision: a.decision, reason: a.reason, policy_matched: a.policyMatched ?? null,
    reviewer: a.reviewer ?? null, memory_id: a.memoryId ?? null, memory_version: a.memoryVersion ?? null,
  };
  await sql`SELECT engram_record_decision(${JSON.stringify(audit)}::jsonb)`.execute(db);
}

/** A request by id. Throws GateRequestNotFoundError. */
export async function getGateRequest(db: Db, id: string): Promise<GateRequest> {
  if (!isUuid(id)) throw new GateRequestNotFoundError(id);
  const row = await db.selectFrom('gate_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new GateRequestNotFoundError(id);
  return toGateRequest(row);
}

/** Filter of {@link listGateRequests}. */
export interface GateRequestFilter {
  status?: GateRequestStatus;
  operation?: string;
  scope?: string;
  requestedBy?: string;
  limit?: number;
  cursor?: string;
}

/** Requests oldest first (review order), keyset-paginated on (created_at, id). */
export async function listGateRequests(db: Db, f: GateRequestFilter = {}): Promise<Page<GateRequest>> {
  const limit = Math.min(Math.max(f.limit ?? 50, 1), 500);
  const after = f.cursor ? decodeCursor(f.cursor) : undefined;
  const rows = await db.selectFrom('gate_requests').selectAll()
    .$if(!!f.status, (q) => q.where('status', '=', f.status as GateRequestStatus))
    .$if(!!f.operation, (q) => q.where('operation', '=', f.operation as string))
    .$if(!!f.scope, (q) => q.where('scope', '=', f.scope as string))
    .$if(!!f.requestedBy, (q) => q.where('requested_by', '=', f.requestedBy as string))
    .$if(!!after, (q) => q.where(sql<boolean>`(created_at, id) > (${after?.createdAt.toISOString()}::timestamptz, ${after?.id}::uuid)`))
    .orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit + 1).execute();
  const items = rows.slice(0, limit).map(toGateRequest);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** The audit trail of one request, oldest first. */
export async function listAudit(db: Db, requestId: string): Promise<GateAuditEntry[]> {
  if (!isUuid(requestId)) return [];
  const rows = await db.selectFrom('gate_audit').selectAll().where('request_id', '=', requestId).orderBy('created_at', 'asc').execute();
  return rows.map((r) => ({
    id: r.id, requestId: r.request_id, action: r.action, decision: r.decision, reason: r.reason, policyMatched: r.policy_matched,
    reviewer: r.reviewer, memoryId: r.memory_id, memoryVersion: r.memory_version === null ? null : Number(r.memory_version),
    createdAt: new Date(r.created_at),
  }));
}
