import { randomUUID } from 'node:crypto';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { contentHash, RecordReader, STEP_CHARS, type MemoryRecord } from '@engram/memory';
import type { Actor } from './actor.js';
import { applyRequest, toNewRecord } from './apply-request.js';
import { ActiveDuplicateError } from './commit/commit-errors.js';
import { createRecordWriter, prepareNewRecord, type RecordWriter } from './commit/record.writer.js';
import type { GateDatabase } from './database-schema.js';
import type { DecisionDeps, Layer2Result } from './decision-context.js';
import { decide } from './decision.js';
import { edgeRows, writeEdges } from './edges/planned-edge.js';
import {
  asDomainError, outcomeOf, recordRejection, storedPayload, targetIdOf, type GateContext,
} from './gate-context.js';
import type { GateOutcome, StoredPayload } from './gate-outcome.js';
import { finishGateRequest, gateRequestColumns, insertGateRequest, recordDecision, type NewGateRequest } from './gate-request.repository.js';
import { checkHardConstraints } from './hard-constraints.js';
import { evaluatePolicy, type PolicyVerdict } from './policy.js';
import type { WriteRequest } from './write-request.js';

function rawField(input: unknown, key: string): string {
  const v = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v.slice(0, 200) : 'unknown';
}

type Reject = (code: string, reason: string, sanitized: unknown, extra?: { targetId?: string | null; policyMatched?: string }) => Promise<GateOutcome>;

/**
 * Runs one request through Layer 1, Layer 2 and the policy, and commits, queues, or rejects it.
 * Everything of an accepted request happens in ONE transaction; a failure rolls it back and only
 * the rejection (request row + audit) is stored.
 */
export async function submitRequest(ctx: GateContext, input: unknown, actor: Actor): Promise<GateOutcome> {
  const requestId = randomUUID();
  const reject: Reject = (code, reason, sanitized, extra = {}) =>
    recordRejection(ctx, {
      requestId, operation: rawField(input, 'op'), scope: rawField(input, 'scope'), actor, payload: storedPayload(sanitized, actor),
      code, reason, targetId: extra.targetId ?? null, ...(extra.policyMatched ? { policyMatched: extra.policyMatched } : {}),
    });
  if (!ctx.rateLimiter.tryTake(actor.id)) {
    return shed(ctx, requestId, 'RATE_LIMITED', `actor ${actor.id} exceeded ${ctx.limits.rate.capacity} writes (refill ${ctx.limits.rate.refillPerSecond}/s); retry later`);
  }
  const l1 = await checkHardConstraints(input, ctx.registry, ctx.policy, ctx.limits);
  if (!l1.ok) return shed(ctx, requestId, l1.code, l1.reason);
  const accepted: Accepted = { requestId, request: l1.request, actor, redactions: l1.redactions.length ? { redactions: l1.redactions } : {} };
  try {
    if (accepted.request.op === 'create') return await submitCreate(ctx, accepted);
    return await ctx.db.transaction().execute((trx) => decideAndCommit(ctx, trx, accepted));
  } catch (err) {
    if (err instanceof Layer2Rejection) {
      return reject(err.code, err.message, err.payload.request, { targetId: err.targetId, ...(err.policyMatched ? { policyMatched: err.policyMatched } : {}) });
    }
    const domain = asDomainError(err);
    if (domain) return reject(domain.code, domain.message, storedPayload(l1.request, actor).request, { targetId: targetIdOf(l1.request) });
    throw err;
  }
}

/**
 * A Layer 1 refusal (rate limit, schema, size, secret, scope) writes nothing: a runaway or hostile
 * client must not turn into database writes exactly when it should be shed (issue 17). It is
 * counted per code in the gate's metrics instead; the caller gets the code and the reason.
 */
function shed(ctx: GateContext, requestId: string, code: string, reason: string): GateOutcome {
  ctx.rejections.set(code, (ctx.rejections.get(code) ?? 0) + 1);
  return { requestId, status: 'rejected', decision: 'REJECT', reason: `rejected (${code}): ${reason}`, code };
}

/** A request that passed Layer 1. */
interface Accepted {
  requestId: string;
  request: WriteRequest;
  actor: Actor;
  redactions: { redactions?: string[] };
}

/** Inside the transaction: Layer 2, then the policy verdict decides noop / queue / commit. */
async function decideAndCommit(ctx: GateContext, trx: Kysely<GateDatabase>, a: Accepted): Promise<GateOutcome> {
  const writer = writerIn(ctx, trx);
  return settle(ctx, trx, writer, a, await decide(a.request, decisionDeps(ctx, a, writer)));
}

/**
 * A create locks nothing, so its Layer 2 read needs no transaction; an auto-approved one then
 * commits with its edges and its request row in ONE statement, shared with the creates of
 * concurrent writers that are ready in the same turn (`ctx.creates`, ADR-0017). Anything else
 * (a duplicate, a queued or rewritten request, a rejection) settles in a transaction as usual.
 */
async function submitCreate(ctx: GateContext, a: Accepted): Promise<GateOutcome> {
  const l2 = await decide(a.request, decisionDeps(ctx, a, new RecordReader(ctx.db)));
  const create = l2.decision === 'ADD' && l2.request.op === 'create' ? l2.request : undefined;
  const verdict = create ? evaluatePolicy(ctx.policy, l2.context, ctx.registry) : undefined;
  if (create && verdict?.action === 'auto') return commitCreateAlone(ctx, a, l2, create, verdict);
  return ctx.db.transaction().execute((trx) => settle(ctx, trx, writerIn(ctx, trx), a, l2));
}

/** The one-statement commit of an auto-approved create: version, audit, edges and request row. */
async function commitCreateAlone(
  ctx: GateContext, a: Accepted, l2: Layer2Result, create: Extract<WriteRequest, { op: 'create' }>, verdict: PolicyVerdict,
): Promise<GateOutcome> {
  const reason = `auto-approved by policy ${verdict.policyMatched}: ${l2.reason}`;
  const input = toNewRecord(create, a.actor);
  const id = input.id ?? randomUUID();
  const request = gateRequestColumns({
    ...requestRow(a, l2), status: 'committed', decision: l2.decision, reason, policyMatched: verdict.policyMatched, resultId: id, resultVersion: 1,
  });
  // The request's payload copy above and the commit's JSON below each pass over the whole text:
  // a long one gets a turn of the event loop in between (issue 17, ADR-0031).
  if (create.content.length > STEP_CHARS) await setImmediatePromise();
  let record: MemoryRecord;
  try {
    record = await ctx.creates.commit(prepareNewRecord(
      { db: ctx.db, registry: ctx.registry, clock: ctx.clock }, { ...input, id },
      { requestId: a.requestId, reason, decision: l2.decision, policyMatched: verdict.policyMatched }, { edges: edgeRows(id, l2.edges), request },
    ));
  } catch (err) {
    if (!(err instanceof ActiveDuplicateError)) throw err;
    return lostRace(ctx, a, l2, create);
  }
  return outcomeOf(a.requestId, 'committed', { ...l2, reason }, { policyMatched: verdict.policyMatched, record, ...a.redactions });
}

/**
 * A concurrent store of the same content in the same scope committed first (the unique index on
 * active (scope, content_hash) refused this one): the answer is the NOOP a sequential store gets.
 */
async function lostRace(ctx: GateContext, a: Accepted, l2: Layer2Result, create: Extract<WriteRequest, { op: 'create' }>): Promise<GateOutcome> {
  const winner = await new RecordReader(ctx.db).findActiveByContentHash(create.scope, contentHash(create.content));
  if (!winner) throw new ActiveDuplicateError(create.id ?? 'new record');
  const reason = `exact duplicate of ${winner.id} (same content hash in ${create.scope}, stored concurrently)`;
  const noop: Layer2Result = { ...l2, decision: 'NOOP', reason, duplicateOf: winner.id, edges: [], flags: [] };
  return ctx.db.transaction().execute((trx) => recordNoop(trx, requestRow(a, noop), noop, a));
}

function writerIn(ctx: GateContext, trx: Kysely<GateDatabase>): RecordWriter {
  return createRecordWriter({ db: trx, registry: ctx.registry, clock: ctx.clock });
}

function decisionDeps(ctx: GateContext, a: Accepted, reader: RecordReader): DecisionDeps {
  return { reader, registry: ctx.registry, policy: ctx.policy, actor: a.actor, reviewing: false, rarity: ctx.rarity };
}

function requestRow(a: Accepted, l2: Layer2Result): RequestRow {
  return {
    id: a.requestId, operation: a.request.op, scope: l2.context.scopes[0] ?? 'unknown', requestedBy: a.actor.id, targetId: targetIdOf(a.request),
    payload: storedPayload(l2.request, a.actor, { flags: l2.flags, ...(l2.duplicateOf ? { duplicateOf: l2.duplicateOf } : {}), ...a.redactions }),
  };
}

/** The policy verdict on a Layer 2 result decides noop / queue / commit, inside the transaction. */
async function settle(ctx: GateContext, trx: Kysely<GateDatabase>, writer: RecordWriter, a: Accepted, l2: Layer2Result): Promise<GateOutcome> {
  const row = requestRow(a, l2);
  if (l2.decision === 'REJECT') throw new Layer2Rejection(l2.code ?? 'REJECTED', l2.reason, row.payload, row.targetId);
  if (l2.decision === 'NOOP') return recordNoop(trx, row, l2, a);
  const verdict = evaluatePolicy(ctx.policy, l2.context, ctx.registry);
  if (verdict.action === 'reject') throw new Layer2Rejection('POLICY_REJECTED', `policy rule ${verdict.policyMatched} rejects this request`, row.payload, row.targetId, verdict.policyMatched);
  if (verdict.action === 'queue') return queueForReview(trx, row, l2, verdict, a);
  return commitApproved(trx, writer, row, l2, verdict, a);
}

/** The request row fields known before the decision is final. */
type RequestRow = Pick<NewGateRequest, 'id' | 'operation' | 'scope' | 'requestedBy' | 'targetId' | 'payload'>;

/** Layer 2 found nothing to do (duplicate, unchanged): logged and audited, nothing stored. */
async function recordNoop(trx: Kysely<GateDatabase>, row: RequestRow, l2: Layer2Result, a: Accepted): Promise<GateOutcome> {
  const memoryId = l2.duplicateOf ?? l2.target?.id ?? null;
  await insertGateRequest(trx, { ...row, status: 'noop', decision: 'NOOP', reason: l2.reason, policyMatched: null, resultId: memoryId });
  await recordDecision(trx, { requestId: a.requestId, action: 'noop', decision: 'NOOP', reason: l2.reason, memoryId });
  return outcomeOf(a.requestId, 'noop', l2, { ...a.redactions, ...(l2.target ? { record: l2.target } : {}) });
}

/** The policy wants a human: the request waits as `pending`; nothing is stored until approval. */
async function queueForReview(trx: Kysely<GateDatabase>, row: RequestRow, l2: Layer2Result, verdict: PolicyVerdict, a: Accepted): Promise<GateOutcome> {
  const reason = `queued for review by policy ${verdict.policyMatched}: ${l2.reason}`;
  await insertGateRequest(trx, { ...row, status: 'pending', decision: l2.decision, reason, policyMatched: verdict.policyMatched });
  await recordDecision(trx, { requestId: a.requestId, action: 'queue', decision: l2.decision, reason, policyMatched: verdict.policyMatched });
  return outcomeOf(a.requestId, 'pending', { ...l2, reason }, { policyMatched: verdict.policyMatched, ...a.redactions });
}

/**
 * Auto-approved: the request is logged as approved, then committed through the writer, whose
 * commit consumes it (ADR-0022: no version without an approved request row).
 */
async function commitApproved(
  trx: Kysely<GateDatabase>, writer: RecordWriter, row: RequestRow, l2: Layer2Result, verdict: PolicyVerdict, a: Accepted,
): Promise<GateOutcome> {
  const reason = `auto-approved by policy ${verdict.policyMatched}: ${l2.reason}`;
  await insertGateRequest(trx, { ...row, status: 'approved', decision: l2.decision, reason, policyMatched: verdict.policyMatched });
  const applied = await applyRequest(l2.request, a.actor, writer, { requestId: a.requestId, reason, decision: l2.decision, policyMatched: verdict.policyMatched });
  if (applied.noop) {
    await finishGateRequest(trx, a.requestId, { status: 'noop', decision: 'NOOP', reason, resultId: applied.record.id });
    await recordDecision(trx, { requestId: a.requestId, action: 'noop', decision: 'NOOP', reason, policyMatched: verdict.policyMatched });
  } else {
    await writeEdges(writer, applied.record.id, l2.edges);
  }
  const status = applied.noop ? 'noop' : 'committed';
  return outcomeOf(a.requestId, status, { ...l2, reason }, {
    policyMatched: verdict.policyMatched, record: applied.record, ...(applied.superseded ? { superseded: applied.superseded } : {}), ...a.redactions,
  });
}

/** Internal: unwinds the transaction so a Layer 2 rejection leaves nothing behind but its log. */
class Layer2Rejection extends Error {
  override readonly name = 'Layer2Rejection';
  constructor(
    readonly code: string, message: string, readonly payload: StoredPayload, readonly targetId: string | null,
    readonly policyMatched?: string,
  ) {
    super(message);
  }
}
