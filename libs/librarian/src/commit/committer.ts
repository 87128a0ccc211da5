import type { Kysely } from 'kysely';
import { MemoryError } from '@engram/memory';
import type { Actor } from '../actor.js';
import type { Admitted } from '../admit.js';
import type { GateDatabase } from '../database-schema.js';
import type { Layer2Result } from '../decision-context.js';
import type { GateOutcome, StoredPayload } from '../gate-outcome.js';
import { finishGateRequest, insertGateRequest, recordDecision, type NewGateRequest } from '../gate-request.repository.js';
import type { Judgement } from '../judge.js';
import type { WriteRequest } from '../write-request.js';

/*
 * Stage 3 of the gate (ADR-0038): settle. A Committer stores what a judgement says — the request
 * row and its audit, and for a commit the version through the SQL commit functions, which consume
 * the approved request exactly once (ADR-0022/0023) — and answers the outcome. Two implementations:
 * `TransactionalCommitter` (any judgement, one transaction) and `BatchedCommitter` (auto-approved
 * creates, group-committed; everything else goes to the transactional one).
 */

/** Settles a judged request. Never throws for a refusal: a domain error of the commit becomes a rejected outcome. */
export interface Committer {
  settle(request: Admitted, judgement: Judgement): Promise<GateOutcome>;
}

/** The gate_requests fields known once a request is judged. */
export type RequestRow = Pick<NewGateRequest, 'id' | 'operation' | 'scope' | 'requestedBy' | 'targetId' | 'payload'>;

/**
 * The request row of a judged request: the (possibly rewritten) request, its flags and redactions.
 * Operation and target are the rewritten request's: a create that Layer 2 turned into the update of
 * a near duplicate commits a version of that record, and the commit functions accept it only for a
 * request that targets it (logged as a create with no target, it failed with GATE_REQUEST_MISMATCH).
 */
export function requestRow(a: Admitted, l2: Layer2Result): RequestRow {
  return {
    id: a.requestId, operation: l2.request.op, scope: l2.context.scopes[0] ?? 'unknown', requestedBy: a.actor.id, targetId: targetIdOf(l2.request),
    payload: storedPayload(l2.request, a.actor, { flags: l2.flags, ...(l2.duplicateOf ? { duplicateOf: l2.duplicateOf } : {}), ...a.redactions }),
  };
}

/** The payload stored with a request: redacted request, actor, flags. */
export function storedPayload(request: unknown, actor: Actor, extra: Partial<StoredPayload> = {}): StoredPayload {
  const a = { id: actor.id, kind: actor.kind, ...(actor.allowedScopes ? { allowedScopes: actor.allowedScopes } : {}) };
  return { request: JSON.parse(JSON.stringify(request ?? null)) as unknown, actor: a, ...extra };
}

/** The record a request targets, for the gate_requests.target_id column. */
export function targetIdOf(request: WriteRequest): string | null {
  if (request.op === 'create') return request.id ?? null;
  if (request.op === 'import') return request.versions[0]?.id ?? null;
  return request.id;
}

/** The outcome of a Layer 2 result. */
export function outcomeOf(requestId: string, status: GateOutcome['status'], l2: Pick<Layer2Result, 'decision' | 'reason' | 'code' | 'duplicateOf' | 'flags'>, extra: Partial<GateOutcome> = {}): GateOutcome {
  return {
    requestId, status, decision: l2.decision, reason: l2.reason, ...(l2.code ? { code: l2.code } : {}),
    ...(l2.duplicateOf ? { duplicateOf: l2.duplicateOf } : {}), ...(l2.flags.length ? { flags: l2.flags } : {}), ...extra,
  };
}

/** A rejection to store: request row + audit row, nothing else. */
export interface Rejection {
  requestId: string;
  operation: string;
  scope: string;
  actor: Actor;
  payload: StoredPayload;
  code: string;
  reason: string;
  targetId: string | null;
  policyMatched?: string;
  /** Set when a pending request is rejected: update its row instead of inserting one. */
  reviewer?: string;
  existing?: boolean;
}

/** Stores a rejection (request row + audit row) in its own transaction; nothing else is written. */
export async function recordRejection(db: Kysely<GateDatabase>, r: Rejection): Promise<GateOutcome> {
  return db.transaction().execute((trx) => writeRejection(trx, r));
}

/** Writes a rejection inside the caller's transaction: a new request row, or the update of a pending (or claimed) one. */
export async function writeRejection(trx: Kysely<GateDatabase>, r: Rejection): Promise<GateOutcome> {
  const reason = `rejected (${r.code}): ${r.reason}`;
  if (r.existing) {
    await finishGateRequest(trx, r.requestId, { status: 'rejected', decision: 'REJECT', reason, reviewer: r.reviewer ?? null });
  } else {
    await insertGateRequest(trx, {
      id: r.requestId, operation: r.operation, payload: r.payload, scope: r.scope, requestedBy: r.actor.id, status: 'rejected',
      decision: 'REJECT', reason, policyMatched: r.policyMatched ?? null, targetId: r.targetId,
    });
  }
  await recordDecision(trx, { requestId: r.requestId, action: 'reject', decision: 'REJECT', reason, policyMatched: r.policyMatched ?? null, reviewer: r.reviewer ?? null });
  return { requestId: r.requestId, status: 'rejected', decision: 'REJECT', reason, code: r.code, ...(r.policyMatched ? { policyMatched: r.policyMatched } : {}) };
}

/** The rejection of an admitted request: a refused judgement, or a domain error its commit raised. */
export function rejectAdmitted(
  db: Kysely<GateDatabase>, a: Admitted, r: { code: string; reason: string; request: WriteRequest; policyMatched?: string | undefined },
): Promise<GateOutcome> {
  return recordRejection(db, {
    requestId: a.requestId, operation: a.raw.operation, scope: a.raw.scope, actor: a.actor, payload: storedPayload(r.request, a.actor),
    code: r.code, reason: r.reason, targetId: targetIdOf(a.request), ...(r.policyMatched ? { policyMatched: r.policyMatched } : {}),
  });
}

/** Domain errors raised while committing (a version conflict, a state change, a taken id) become rejections; anything else is a real failure. */
export function asDomainError(err: unknown): MemoryError | undefined {
  return err instanceof MemoryError ? err : undefined;
}
