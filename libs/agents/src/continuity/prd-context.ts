import { estimateJsonTokens } from '@engram/retrieval';
import { LEARNING_TYPES } from './formation.js';
import type { PrdDecision, PrdEvent, PrdExecution, PrdProgress } from './prd-model.js';
import type { PrdRepository } from './prd.repository.js';

/** An event as the context shows it (compact: no ids of internal rows beyond the event's). */
export interface ContextEvent {
  id: string;
  seq: number;
  type: string;
  requirementId: string | null;
  summary: string;
  detail?: Record<string, unknown>;
  agentId: string | null;
  occurredAt: string;
}

export interface ContextDecision {
  id: string;
  requirementId: string | null;
  decision: string;
  reason: string | null;
  alternatives: string[];
  memory: PrdDecision['memory'];
  createdAt: string;
}

/** Everything an agent needs to resume a PRD (seed 004 get_prd_context). */
export interface PrdContext {
  execution: {
    id: string; scope: string; ref: string; hash: string | null; title: string | null; status: string; revision: number;
    eventCount: number; createdAt: string; updatedAt: string; completedAt: string | null; compactedAt: string | null;
  };
  progress: PrdProgress;
  recentEvents: ContextEvent[];
  decisions: ContextDecision[];
  blockers: { requirementId: string; summary: string; seq: number; since: string }[];
  learnings: ContextEvent[];
  /** The compacted narrative, once the execution is completed. */
  narrative: string | null;
  /** Present when the token budget dropped items: how many of each were left out. */
  truncated?: { recentEvents: number; learnings: number; decisions: number; total: { recentEvents: number; learnings: number; decisions: number } };
  tokens?: number;
}

export interface ContextOptions {
  eventLimit: number;
  includeDecisions: boolean;
}

const LEARNING_LIMIT = 10;

function toContextEvent(e: PrdEvent): ContextEvent {
  const out: ContextEvent = {
    id: e.id, seq: e.seq, type: e.type, requirementId: e.requirementId, summary: e.summary, agentId: e.agentId, occurredAt: e.occurredAt.toISOString(),
  };
  if (Object.keys(e.detail).length) out.detail = e.detail;
  return out;
}

function toContextDecision(d: PrdDecision): ContextDecision {
  return {
    id: d.id, requirementId: d.requirementId, decision: d.decision, reason: d.reason, alternatives: d.alternatives, memory: d.memory,
    createdAt: d.createdAt.toISOString(),
  };
}

/** Reads and assembles the context of one execution (the uncached path). */
export async function loadPrdContext(repo: PrdRepository, e: PrdExecution, opts: ContextOptions): Promise<PrdContext> {
  const [recent, decisions, blockers, learnings] = await Promise.all([
    opts.eventLimit > 0 ? repo.recentEvents(e.id, opts.eventLimit) : Promise.resolve([]),
    opts.includeDecisions ? repo.decisions(e.id) : Promise.resolve([]),
    repo.latestBlockers(e.id, e.progress.blocked),
    repo.recentEvents(e.id, LEARNING_LIMIT, LEARNING_TYPES),
  ]);
  return {
    execution: {
      id: e.id, scope: e.scope, ref: e.ref, hash: e.hash, title: e.title, status: e.status, revision: e.revision, eventCount: e.lastSeq,
      createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString(), completedAt: e.completedAt?.toISOString() ?? null,
      compactedAt: e.compactedAt?.toISOString() ?? null,
    },
    progress: e.progress,
    recentEvents: recent.map(toContextEvent),
    decisions: decisions.map(toContextDecision),
    blockers: blockers.map((b) => ({ requirementId: b.requirementId ?? '', summary: b.summary, seq: b.seq, since: b.occurredAt.toISOString() })),
    learnings: learnings.map(toContextEvent),
    narrative: e.narrative,
  };
}

/**
 * Fits a context into `maxTokens` (seed 004 "Token Budget Awareness"). Execution, progress,
 * blockers and the narrative always stay; then the oldest recent events go first, then the oldest
 * learnings, then the oldest decisions — each stays in storage and in `prd events`, and
 * `truncated` says how many were left out. Never mutates the (possibly cached) input.
 */
export function fitContextToBudget(ctx: PrdContext, maxTokens: number): PrdContext {
  const out: PrdContext = { ...ctx, recentEvents: [...ctx.recentEvents], learnings: [...ctx.learnings], decisions: [...ctx.decisions] };
  const total = { recentEvents: ctx.recentEvents.length, learnings: ctx.learnings.length, decisions: ctx.decisions.length };
  // Count characters (tokens ≈ chars / 4): removing an item removes its JSON and one comma. Room is
  // kept for the `truncated` and `tokens` fields this function adds.
  const maxChars = maxTokens * 4 - TRUNCATION_RESERVE_CHARS;
  let chars = JSON.stringify(out).length;
  for (const list of ['recentEvents', 'learnings', 'decisions'] as const) {
    while (chars > maxChars && out[list].length > 0) chars -= JSON.stringify(out[list].shift()).length + 1;
  }
  const cut = { recentEvents: total.recentEvents - out.recentEvents.length, learnings: total.learnings - out.learnings.length, decisions: total.decisions - out.decisions.length };
  if (cut.recentEvents || cut.learnings || cut.decisions) out.truncated = { ...cut, total };
  out.tokens = 0;
  out.tokens = estimateJsonTokens(out);
  return out;
}

// JSON of `"truncated":{...}` with three lists' counts and totals, and of `"tokens":N` (generous).
const TRUNCATION_RESERVE_CHARS = 200;
