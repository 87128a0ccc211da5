import type { CallContext } from '../scope-context.js';
import type { StoreInput, StoreResult } from '../write.use-cases.js';
import type { FormedMemory, PrdDecision, PrdEvent, PrdExecution } from './prd-model.js';

/** A memory proposed from work-continuity state, before any decision about keeping it. */
export interface MemoryCandidate {
  type: string;
  content: string;
  tags: string[];
  metadata: Record<string, unknown>;
  source: { type: string; id: string };
  scope: string;
  /** When what it records happened (recency is measured from here); absent means now. */
  occurredAt?: Date;
}

/**
 * Where implicit memories go (SPEC 7: "implicit events pass the decision engine before the gate").
 * The decision engine (seed 003) implements it in `lifecycle/engine-formation.ts` and the runtime
 * composes that; {@link formStraightToGate} remains for compositions without the engine (tests).
 */
export interface FormationPort {
  form(candidate: MemoryCandidate, ctx: CallContext): Promise<FormedMemory>;
}

/** Today's formation: every candidate is a gate request (nothing durable without the gate). */
export function formStraightToGate(store: (input: StoreInput, ctx: CallContext) => Promise<StoreResult>): FormationPort {
  return {
    async form(c, ctx) {
      try {
        const r = await store({ type: c.type, content: c.content, tags: c.tags, metadata: c.metadata, scope: c.scope, source: c.source }, ctx);
        // A rate-limited request was refused for now, not judged: it is retried like a failure.
        if (r.code === 'RATE_LIMITED') return { status: 'failed', requestId: r.requestId, reason: r.reason };
        return { status: r.status, id: r.id, requestId: r.requestId, reason: r.reason };
      } catch (err) {
        // Recorded on the event/decision; completion retries failed formations.
        return { status: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

const label = (e: PrdExecution) => e.title ?? e.ref;
const reqPart = (req: string | null) => (req ? ` ${req}` : '');

function candidate(e: PrdExecution, type: string, content: string, tags: string[], source: MemoryCandidate['source'], extra: Record<string, unknown> = {}): MemoryCandidate {
  return {
    type, content, scope: e.scope, source,
    tags: ['prd', ...tags],
    metadata: { prdExecutionId: e.id, prdRef: e.ref, ...extra },
  };
}

/**
 * The seed 004 "Implicit Formation" table for PRD events: which events become which memory.
 * Events not listed (tests, reviews, revisions, started requirements, rollbacks) stay in the log;
 * completion turns revisions and review feedback into learnings.
 */
export function candidateForEvent(e: PrdExecution, ev: PrdEvent): MemoryCandidate | null {
  const c = eventCandidate(e, ev);
  return c ? { ...c, occurredAt: ev.occurredAt } : null;
}

function eventCandidate(e: PrdExecution, ev: PrdEvent): MemoryCandidate | null {
  const src = { type: 'prd_event', id: ev.id };
  const meta = { requirementId: ev.requirementId, eventType: ev.type, seq: ev.seq };
  const reqTag = ev.requirementId ? [ev.requirementId] : [];
  switch (ev.type) {
    case 'requirement_completed':
      return candidate(e, 'episode', `Completed${reqPart(ev.requirementId)} of PRD "${label(e)}": ${ev.summary}`, reqTag, src, meta);
    case 'blocker_hit':
      return candidate(e, 'episode', `Blocked on${reqPart(ev.requirementId)} of PRD "${label(e)}": ${ev.summary}`, ['blocker', ...reqTag], src, meta);
    case 'blocker_resolved':
      // Procedural: how a blocker was resolved is reusable know-how.
      return candidate(e, 'skill', `Resolved a blocker on${reqPart(ev.requirementId)} of PRD "${label(e)}": ${ev.summary}`, ['blocker-resolution', ...reqTag], src, meta);
    case 'error_encountered':
      return candidate(e, 'episode', `Error during PRD "${label(e)}"${reqPart(ev.requirementId)}: ${ev.summary}`, ['error', ...reqTag], src, meta);
    case 'agent_handoff':
      return candidate(e, 'episode', `Handoff on PRD "${label(e)}"${reqPart(ev.requirementId)}: ${ev.summary}`, ['handoff', ...reqTag], src, meta);
    default:
      // decision_made forms a decision memory from its decision row (candidateForDecision).
      return null;
  }
}

/** A decision as a standalone semantic memory: what, why, and what was rejected. */
export function candidateForDecision(e: PrdExecution, d: PrdDecision): MemoryCandidate {
  const reason = d.reason ? ` Reason: ${d.reason}.` : '';
  const rejected = d.alternatives.length ? ` Rejected alternatives: ${d.alternatives.join('; ')}.` : '';
  return candidate(
    e, 'decision', `Decision on PRD "${label(e)}"${reqPart(d.requirementId)}: ${d.decision}.${reason}${rejected}`,
    d.requirementId ? [d.requirementId] : [], { type: 'prd_decision', id: d.id },
    { requirementId: d.requirementId, alternatives: d.alternatives, decisionId: d.id },
  );
}

/** A learning (revision or review feedback) extracted at completion: procedural know-how. */
export function candidateForLearning(e: PrdExecution, ev: PrdEvent): MemoryCandidate {
  const what = ev.type === 'revision' ? 'Revision' : 'Review feedback';
  return candidate(e, 'skill', `${what} on PRD "${label(e)}"${reqPart(ev.requirementId)}: ${ev.summary}`, ['learning', ...(ev.requirementId ? [ev.requirementId] : [])],
    { type: 'prd_event', id: ev.id }, { requirementId: ev.requirementId, eventType: ev.type, seq: ev.seq });
}

/** Event types whose summaries are the execution's learnings (prd_context and completion). */
export const LEARNING_TYPES = ['revision', 'review_feedback', 'blocker_resolved', 'test_failed', 'error_encountered'] as const;

/** A formation that should be retried (failed, or never attempted because the process stopped). */
export function needsRetry(formed: FormedMemory | null): boolean {
  return formed === null || formed.status === 'failed';
}
