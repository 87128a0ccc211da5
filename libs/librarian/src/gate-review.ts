import type { Kysely } from 'kysely';
import { applyRequest } from './commit/apply-request.js';
import { asDomainError, outcomeOf, recordRejection, writeRejection, type Rejection } from './commit/committer.js';
import { createRecordWriter } from './commit/record.writer.js';
import type { Actor } from './actor.js';
import type { GateDatabase } from './database-schema.js';
import { writeEdges } from './edges/planned-edge.js';
import type { GateContext } from './gate-context.js';
import type { GateOutcome, GateRequest } from './gate-outcome.js';
import { GateRequestNotPendingError } from './errors.js';
import { claimGateRequest, finishGateRequest, getGateRequest, listGateRequests, recordDecision, type GateRequestFilter } from './gate-request.repository.js';
import { decide } from './judge.js';
import { parseWriteRequest } from './write-request.js';

function rejectionOf(row: GateRequest, reviewer: string, code: string, reason: string): Rejection {
  return {
    requestId: row.id, operation: row.operation, scope: row.scope, actor: row.payload.actor as Actor, payload: row.payload, code, reason,
    targetId: row.targetId, reviewer, existing: true, ...(row.policyMatched ? { policyMatched: row.policyMatched } : {}),
  };
}

/**
 * Approves a pending request: re-runs Layer 2 on the stored (redacted) request and commits it through
 * the same writer path. If the record moved on (version conflict, state change, duplicate now
 * present), the request is REJECTED (or NOOP for a duplicate) with the reason, never left half-done:
 * the submitter resubmits against the new head. A Layer 2 refusal is a value settled in the same
 * transaction; only a commit's domain error rolls it back, and then the rejection is stored alone.
 */
export async function approveRequest(ctx: GateContext, requestId: string, reviewer: string, note?: string): Promise<GateOutcome> {
  let claimed: GateRequest | undefined;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // Claims the request: its row is locked until this transaction ends, so a concurrent approval
      // waits here and then finds it decided. The decision itself moves it from pending once (issue 36).
      await claimGateRequest(trx, requestId);
      const row = await getGateRequest(trx, requestId);
      if (row.status !== 'pending') throw new GateRequestNotPendingError(requestId, row.status);
      claimed = row;
      return settleApproval(ctx, trx, row, reviewer, note);
    });
  } catch (err) {
    const domain = claimed ? asDomainError(err) : undefined;
    if (!claimed || !domain) throw err;
    return recordRejection(ctx.db, rejectionOf(claimed, reviewer, domain.code, `at approval: ${domain.message}`));
  }
}

/** Layer 2 again (the reviewer is the policy), then reject / noop / commit inside the claiming transaction. */
async function settleApproval(ctx: GateContext, trx: Kysely<GateDatabase>, row: GateRequest, reviewer: string, note: string | undefined): Promise<GateOutcome> {
  const requestId = row.id;
  const parsed = parseWriteRequest(row.payload.request);
  if (!parsed.ok) return writeRejection(trx, rejectionOf(row, reviewer, 'INVALID_REQUEST', `at approval: ${parsed.message}`));
  const actor = row.payload.actor as Actor;
  const writer = createRecordWriter({ db: trx, registry: ctx.registry, clock: ctx.clock });
  const l2 = await decide(parsed.request, { db: trx, reader: writer, registry: ctx.registry, policy: ctx.policy, actor, reviewing: true, rarity: ctx.rarity });
  if (l2.decision === 'REJECT') return writeRejection(trx, rejectionOf(row, reviewer, l2.code ?? 'REJECTED', `at approval: ${l2.reason}`));
  const policyMatched = row.policyMatched;
  if (l2.decision === 'NOOP') {
    await finishGateRequest(trx, requestId, { status: 'noop', decision: 'NOOP', reason: l2.reason, reviewer });
    await recordDecision(trx, { requestId, action: 'noop', decision: 'NOOP', reason: l2.reason, reviewer, policyMatched, memoryId: l2.duplicateOf ?? null });
    return outcomeOf(requestId, 'noop', l2, policyMatched ? { policyMatched } : {});
  }
  const reason = `approved by ${reviewer}${note ? `: ${note}` : ''} (${l2.reason})`;
  await finishGateRequest(trx, requestId, { status: 'approved', decision: l2.decision, reason, reviewer });
  // The commit consumes the approved request (status committed, result set) in the same statement.
  const applied = await applyRequest(l2.request, actor, writer, { requestId, reason, decision: l2.decision, policyMatched, reviewer });
  if (!applied.noop) await writeEdges(writer, applied.record.id, l2.edges);
  else await finishGateRequest(trx, requestId, { status: 'noop', decision: 'NOOP', reason, reviewer, resultId: applied.record.id });
  return outcomeOf(requestId, 'committed', { ...l2, reason }, {
    record: applied.record, ...(applied.superseded ? { superseded: applied.superseded } : {}), ...(policyMatched ? { policyMatched } : {}),
  });
}

/** Rejects a pending request with the reviewer's reason. */
export async function rejectRequest(ctx: GateContext, requestId: string, reviewer: string, reason: string): Promise<GateOutcome> {
  const row = await getGateRequest(ctx.db, requestId);
  if (row.status !== 'pending') throw new GateRequestNotPendingError(requestId, row.status);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await getGateRequest(trx, requestId);
    if (locked.status !== 'pending') throw new GateRequestNotPendingError(requestId, locked.status);
    const text = `rejected by ${reviewer}: ${reason}`;
    await finishGateRequest(trx, requestId, { status: 'rejected', decision: 'REJECT', reason: text, reviewer });
    await recordDecision(trx, { requestId, action: 'reject', decision: 'REJECT', reason: text, reviewer, policyMatched: locked.policyMatched });
    return { requestId, status: 'rejected', decision: 'REJECT', reason: text, code: 'REVIEWER_REJECTED', ...(locked.policyMatched ? { policyMatched: locked.policyMatched } : {}) };
  });
}

/** Approves every pending request matching `filter`, oldest first; one outcome per request. */
export async function approveAllRequests(ctx: GateContext, filter: Omit<GateRequestFilter, 'status' | 'cursor'>, reviewer: string): Promise<GateOutcome[]> {
  const outcomes: GateOutcome[] = [];
  const page = await listGateRequests(ctx.db, { ...filter, status: 'pending', limit: filter.limit ?? 500 });
  for (const r of page.items) outcomes.push(await approveRequest(ctx, r.id, reviewer));
  return outcomes;
}
