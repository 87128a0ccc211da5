/** The 12 PRD event types of seed 004 (`prd_events.type`). */
export const PRD_EVENT_TYPES = [
  'requirement_started', 'requirement_completed', 'decision_made', 'blocker_hit', 'blocker_resolved',
  'test_passed', 'test_failed', 'revision', 'review_feedback', 'agent_handoff', 'error_encountered', 'rollback',
] as const;
export type PrdEventType = (typeof PRD_EVENT_TYPES)[number];

/** Execution statuses of seed 004. */
export const PRD_STATUSES = ['not_started', 'in_progress', 'paused', 'blocked', 'completed'] as const;
export type PrdStatus = (typeof PRD_STATUSES)[number];

/**
 * Requirement progress, materialised from the events (seed 004: "never written directly"). Every
 * requirement the execution knows is in exactly one list, in the order it got there.
 */
export interface PrdProgress {
  completed: string[];
  in_progress: string[];
  blocked: string[];
  not_started: string[];
}

/** The part of an event that progress depends on. */
export interface ProgressEvent {
  type: PrdEventType;
  requirementId?: string | null;
}

/** A PRD execution as stored. */
export interface PrdExecution {
  id: string;
  scope: string;
  ref: string;
  hash: string | null;
  title: string | null;
  status: PrdStatus;
  progress: PrdProgress;
  /** Bumped by every write; cached contexts are valid while it is unchanged. */
  revision: number;
  /** Sequence number of the last event (events are numbered 1, 2, ... in arrival order). */
  lastSeq: number;
  narrative: string | null;
  compactedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** What happened to a memory the execution or a chain handed to the gate. */
export interface FormedMemory {
  /** `skipped`: the decision engine judged it below the storage threshold (never reached the gate). */
  status: 'approved' | 'pending' | 'rejected' | 'failed' | 'skipped';
  /** Memory id when approved, gate request id when pending. */
  id?: string;
  requestId?: string;
  reason: string;
}

/** One event of the append-only log. */
export interface PrdEvent {
  id: string;
  executionId: string;
  seq: number;
  eventKey: string | null;
  type: PrdEventType;
  requirementId: string | null;
  summary: string;
  detail: Record<string, unknown>;
  agentId: string | null;
  thinkingChainId: string | null;
  occurredAt: Date;
  /** The memory formed from this event (seed 004 "Implicit Formation"), when its type forms one. */
  formation: FormedMemory | null;
  createdAt: Date;
}

/** A decision with its reason and the alternatives it rejected. */
export interface PrdDecision {
  id: string;
  executionId: string;
  eventId: string;
  requirementId: string | null;
  decision: string;
  reason: string | null;
  alternatives: string[];
  agentId: string | null;
  /** The decision memory (every decision goes to the gate; compaction retries the ones that failed). */
  memory: FormedMemory | null;
  createdAt: Date;
}

export function emptyProgress(requirements: readonly string[] = []): PrdProgress {
  return { completed: [], in_progress: [], blocked: [], not_started: [...new Set(requirements)] };
}
