import type { CallContext } from '../scope-context.js';
import { candidateForDecision, candidateForEvent, candidateForLearning, needsRetry, type FormationPort } from './formation.js';
import { buildNarrative } from './narrative.js';
import type { FormedMemory, PrdDecision, PrdEvent, PrdEventType, PrdExecution } from './prd-model.js';
import type { PrdRepository } from './prd.repository.js';

/** What completion did with the log (also stored on the execution, without the narrative). */
export interface CompactionReport {
  narrative: string;
  narrativeMemory: FormedMemory;
  decisions: { total: number; formed: number; failed: number };
  learnings: { total: number; failed: number };
}

const LEARNING_EVENT_TYPES: ReadonlySet<PrdEventType> = new Set(['revision', 'review_feedback']);

/**
 * Seed 004 "Implicit Formation" right after an append: the event's memory and, for a decision,
 * the decision memory. Outcomes are stored on the rows; a failure is retried at completion.
 * Returns whether anything was formed (the caller then bumps the revision).
 */
export async function formAfterAppend(
  repo: PrdRepository, formation: FormationPort, e: PrdExecution, ev: PrdEvent, decision: PrdDecision | undefined, ctx: CallContext,
): Promise<boolean> {
  const c = candidateForEvent(e, ev);
  if (c) {
    ev.formation = await formation.form(c, ctx);
    await repo.setEventFormation(ev.id, ev.formation);
  }
  if (decision) {
    decision.memory = await formation.form(candidateForDecision(e, decision), ctx);
    await repo.setDecisionMemory(decision.id, decision.memory);
  }
  return c !== null || decision !== undefined;
}

/** Decisions are never lost: each one without a judged memory is (re)submitted. Returns the failures. */
async function formDecisions(repo: PrdRepository, formation: FormationPort, e: PrdExecution, decisions: PrdDecision[], ctx: CallContext): Promise<number> {
  let failed = 0;
  for (const d of decisions) {
    if (needsRetry(d.memory)) {
      d.memory = await formation.form(candidateForDecision(e, d), ctx);
      await repo.setDecisionMemory(d.id, d.memory);
    }
    if (d.memory?.status === 'failed') failed += 1;
  }
  return failed;
}

/** Event memories not yet formed (retries) and the learnings (revisions, review feedback). */
async function formEventsAndLearnings(repo: PrdRepository, formation: FormationPort, e: PrdExecution, events: PrdEvent[], ctx: CallContext) {
  let total = 0;
  let failed = 0;
  for (const ev of events) {
    const learning = LEARNING_EVENT_TYPES.has(ev.type);
    const c = candidateForEvent(e, ev) ?? (learning ? candidateForLearning(e, ev) : null);
    if (!c) continue;
    if (learning) total += 1;
    if (needsRetry(ev.formation)) {
      ev.formation = await formation.form(c, ctx);
      await repo.setEventFormation(ev.id, ev.formation);
    }
    if (ev.formation?.status === 'failed') failed += 1;
  }
  return { total, failed };
}

/**
 * Seed 004 "PRD Execution Compaction": summarise the log into a narrative, extract decisions and
 * learnings as memories through the formation port, store the narrative on the execution and as
 * an episode memory. `compacted_at` is set only when nothing failed, so completing again retries.
 */
export async function compactExecution(repo: PrdRepository, formation: FormationPort, e: PrdExecution, ctx: CallContext, now: () => Date): Promise<CompactionReport> {
  const [events, decisions] = await Promise.all([repo.events(e.id), repo.decisions(e.id)]);
  const narrative = buildNarrative(e, events, decisions);
  const decisionsFailed = await formDecisions(repo, formation, e, decisions, ctx);
  const learnings = await formEventsAndLearnings(repo, formation, e, events, ctx);
  const narrativeMemory = await formation.form({
    type: 'episode', content: narrative, scope: e.scope, tags: ['prd', 'prd-narrative'],
    metadata: { prdExecutionId: e.id, prdRef: e.ref }, source: { type: 'prd_execution', id: e.id },
  }, ctx);
  const report: CompactionReport = {
    narrative, narrativeMemory,
    decisions: { total: decisions.length, formed: decisions.length - decisionsFailed, failed: decisionsFailed },
    learnings,
  };
  const complete = decisionsFailed === 0 && learnings.failed === 0 && narrativeMemory.status !== 'failed';
  await repo.update(e.id, { narrative, compaction: { ...report, narrative: undefined }, ...(complete ? { compactedAt: now() } : {}) }, now());
  return report;
}
