import type { Kysely } from 'kysely';
import type { TypeRegistry } from '@engram/memory';
import type { Admitted } from '../admit.js';
import type { GateDatabase } from '../database-schema.js';
import { writeEdges } from '../edges/planned-edge.js';
import type { GateOutcome } from '../gate-outcome.js';
import { finishGateRequest, insertGateRequest, recordDecision } from '../gate-request.repository.js';
import type { Judgement } from '../judge.js';
import { applyRequest } from './apply-request.js';
import { asDomainError, outcomeOf, rejectAdmitted, requestRow, type Committer } from './committer.js';
import { createRecordWriter } from './record.writer.js';

/** What the transactional committer needs. */
export interface TransactionalCommitterDeps {
  db: Kysely<GateDatabase>;
  registry: TypeRegistry;
  clock: () => Date;
}

/**
 * Settles any judgement in ONE transaction: a noop or a queued request is logged with its audit
 * row; an auto-approved one is logged as approved and committed through the record writer, whose
 * commit consumes the request (ADR-0022). A rejection is stored in a transaction of its own. If a
 * commit fails with a domain error (the record moved on, a concurrent duplicate), the transaction
 * rolls back and only the rejection is stored.
 */
export class TransactionalCommitter implements Committer {
  constructor(private readonly deps: TransactionalCommitterDeps) {}

  async settle(a: Admitted, j: Judgement): Promise<GateOutcome> {
    if (j.verdict === 'reject') return rejectAdmitted(this.deps.db, a, { code: j.code, reason: j.reason, request: j.l2.request, policyMatched: j.policyMatched });
    try {
      return await this.deps.db.transaction().execute((trx) => this.settleIn(trx, a, j));
    } catch (err) {
      const domain = asDomainError(err);
      if (!domain) throw err;
      return rejectAdmitted(this.deps.db, a, { code: domain.code, reason: domain.message, request: a.request });
    }
  }

  private settleIn(trx: Kysely<GateDatabase>, a: Admitted, j: Exclude<Judgement, { verdict: 'reject' }>): Promise<GateOutcome> {
    switch (j.verdict) {
      case 'noop': return recordNoop(trx, a, j);
      case 'queue': return queueForReview(trx, a, j);
      case 'commit': return this.commitApproved(trx, a, j);
    }
  }

  /** Logged as approved, then committed through the writer (its commit consumes the request), then the planned edges. */
  private async commitApproved(trx: Kysely<GateDatabase>, a: Admitted, j: Extract<Judgement, { verdict: 'commit' }>): Promise<GateOutcome> {
    const { l2, reason, policyMatched } = j;
    await insertGateRequest(trx, { ...requestRow(a, l2), status: 'approved', decision: l2.decision, reason, policyMatched });
    const writer = createRecordWriter({ db: trx, registry: this.deps.registry, clock: this.deps.clock });
    const applied = await applyRequest(l2.request, a.actor, writer, { requestId: a.requestId, reason, decision: l2.decision, policyMatched });
    if (applied.noop) {
      await finishGateRequest(trx, a.requestId, { status: 'noop', decision: 'NOOP', reason, resultId: applied.record.id });
      await recordDecision(trx, { requestId: a.requestId, action: 'noop', decision: 'NOOP', reason, policyMatched });
    } else {
      await writeEdges(writer, applied.record.id, l2.edges);
    }
    return outcomeOf(a.requestId, applied.noop ? 'noop' : 'committed', { ...l2, reason }, {
      policyMatched, record: applied.record, ...(applied.superseded ? { superseded: applied.superseded } : {}), ...a.redactions,
    });
  }
}

/** Layer 2 found nothing to do (duplicate, unchanged): logged and audited, nothing stored. */
async function recordNoop(trx: Kysely<GateDatabase>, a: Admitted, { l2 }: Extract<Judgement, { verdict: 'noop' }>): Promise<GateOutcome> {
  const memoryId = l2.duplicateOf ?? l2.target?.id ?? null;
  await insertGateRequest(trx, { ...requestRow(a, l2), status: 'noop', decision: 'NOOP', reason: l2.reason, policyMatched: null, resultId: memoryId });
  await recordDecision(trx, { requestId: a.requestId, action: 'noop', decision: 'NOOP', reason: l2.reason, memoryId });
  return outcomeOf(a.requestId, 'noop', l2, { ...a.redactions, ...(l2.target ? { record: l2.target } : {}) });
}

/** The policy wants a human: the request waits as `pending`; nothing is stored until approval. */
async function queueForReview(trx: Kysely<GateDatabase>, a: Admitted, j: Extract<Judgement, { verdict: 'queue' }>): Promise<GateOutcome> {
  const { l2, reason, policyMatched } = j;
  await insertGateRequest(trx, { ...requestRow(a, l2), status: 'pending', decision: l2.decision, reason, policyMatched });
  await recordDecision(trx, { requestId: a.requestId, action: 'queue', decision: l2.decision, reason, policyMatched });
  return outcomeOf(a.requestId, 'pending', { ...l2, reason }, { policyMatched, ...a.redactions });
}
