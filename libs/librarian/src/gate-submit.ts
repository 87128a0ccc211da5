import { randomUUID } from 'node:crypto';
import { createRecordWriter } from './commit/record.writer.js';
import type { Actor } from './actor.js';
import { applyRequest } from './apply-request.js';
import { decide } from './decision.js';
import {
  asDomainError, outcomeOf, recordRejection, resultOf, storedPayload, targetIdOf, type GateContext,
} from './gate-context.js';
import type { GateOutcome } from './gate-outcome.js';
import { insertGateRequest, recordDecision } from './gate-request.repository.js';
import { checkHardConstraints } from './hard-constraints.js';
import { evaluatePolicy } from './policy.js';

function rawField(input: unknown, key: string): string {
  const v = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v.slice(0, 200) : 'unknown';
}

/**
 * Runs one request through Layer 1, Layer 2 and the policy, and commits, queues, or rejects it.
 * Everything of an accepted request happens in ONE transaction; a failure rolls it back and only
 * the rejection (request row + audit) is stored.
 */
export async function submitRequest(ctx: GateContext, input: unknown, actor: Actor): Promise<GateOutcome> {
  const requestId = randomUUID();
  const reject = (code: string, reason: string, sanitized: unknown, extra: { targetId?: string | null; policyMatched?: string } = {}) =>
    recordRejection(ctx, {
      requestId, operation: rawField(input, 'op'), scope: rawField(input, 'scope'), actor, payload: storedPayload(sanitized, actor),
      code, reason, targetId: extra.targetId ?? null, ...(extra.policyMatched ? { policyMatched: extra.policyMatched } : {}),
    });
  if (!ctx.rateLimiter.tryTake(actor.id)) {
    return reject('RATE_LIMITED', `actor ${actor.id} exceeded ${ctx.limits.rate.capacity} writes (refill ${ctx.limits.rate.refillPerSecond}/s); retry later`, { op: rawField(input, 'op') });
  }
  const l1 = checkHardConstraints(input, ctx.registry, ctx.policy, ctx.limits);
  if (!l1.ok) return reject(l1.code, l1.reason, l1.sanitized);
  const redactions = l1.redactions.length ? { redactions: l1.redactions } : {};
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const writer = createRecordWriter({ db: trx, registry: ctx.registry, clock: ctx.clock });
      const l2 = await decide(l1.request, { reader: writer, registry: ctx.registry, policy: ctx.policy, actor, reviewing: false });
      const row = {
        id: requestId, operation: l1.request.op, scope: l2.context.scopes[0] ?? 'unknown', requestedBy: actor.id, targetId: targetIdOf(l1.request),
        payload: storedPayload(l2.request, actor, { flags: l2.flags, ...(l2.duplicateOf ? { duplicateOf: l2.duplicateOf } : {}), ...redactions }),
      };
      if (l2.decision === 'REJECT') throw new Layer2Rejection(l2.code ?? 'REJECTED', l2.reason, row.payload, row.targetId);
      if (l2.decision === 'NOOP') {
        await insertGateRequest(trx, { ...row, status: 'noop', decision: 'NOOP', reason: l2.reason, policyMatched: null, resultId: l2.duplicateOf ?? l2.target?.id ?? null });
        await recordDecision(trx, { requestId, action: 'noop', decision: 'NOOP', reason: l2.reason, memoryId: l2.duplicateOf ?? l2.target?.id ?? null });
        return outcomeOf(requestId, 'noop', l2, { ...redactions, ...(l2.target ? { record: l2.target } : {}) });
      }
      const verdict = evaluatePolicy(ctx.policy, l2.context, ctx.registry);
      if (verdict.action === 'reject') throw new Layer2Rejection('POLICY_REJECTED', `policy rule ${verdict.policyMatched} rejects this request`, row.payload, row.targetId, verdict.policyMatched);
      if (verdict.action === 'queue') {
        const reason = `queued for review by policy ${verdict.policyMatched}: ${l2.reason}`;
        await insertGateRequest(trx, { ...row, status: 'pending', decision: l2.decision, reason, policyMatched: verdict.policyMatched });
        await recordDecision(trx, { requestId, action: 'queue', decision: l2.decision, reason, policyMatched: verdict.policyMatched });
        return outcomeOf(requestId, 'pending', { ...l2, reason }, { policyMatched: verdict.policyMatched, ...redactions });
      }
      const reason = `auto-approved by policy ${verdict.policyMatched}: ${l2.reason}`;
      const applied = await applyRequest(l2.request, actor, writer, { requestId, reason, decision: l2.decision, policyMatched: verdict.policyMatched });
      const status = applied.noop ? 'noop' : 'committed';
      await insertGateRequest(trx, { ...row, status, decision: l2.decision, reason, policyMatched: verdict.policyMatched, ...resultOf(applied.record) });
      if (applied.noop) await recordDecision(trx, { requestId, action: 'noop', decision: 'NOOP', reason, policyMatched: verdict.policyMatched });
      return outcomeOf(requestId, status, { ...l2, reason }, {
        policyMatched: verdict.policyMatched, record: applied.record, ...(applied.superseded ? { superseded: applied.superseded } : {}), ...redactions,
      });
    });
  } catch (err) {
    if (err instanceof Layer2Rejection) {
      return reject(err.code, err.message, err.payload.request, { targetId: err.targetId, ...(err.policyMatched ? { policyMatched: err.policyMatched } : {}) });
    }
    const domain = asDomainError(err);
    if (domain) return reject(domain.code, domain.message, storedPayload(l1.request, actor).request, { targetId: targetIdOf(l1.request) });
    throw err;
  }
}

/** Internal: unwinds the transaction so a Layer 2 rejection leaves nothing behind but its log. */
class Layer2Rejection extends Error {
  override readonly name = 'Layer2Rejection';
  constructor(
    readonly code: string, message: string, readonly payload: { request: unknown }, readonly targetId: string | null,
    readonly policyMatched?: string,
  ) {
    super(message);
  }
}
