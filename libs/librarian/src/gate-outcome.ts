import type { MemoryRecord } from '@engram/memory';

/** Layer 2 decisions, plus REJECT for requests refused by Layer 1, policy or a reviewer. */
export type GateDecision =
  | 'ADD' | 'UPDATE' | 'NOOP' | 'SUPERSEDE' | 'INVALIDATE' | 'ARCHIVE' | 'FORGET' | 'REINFORCE' | 'PROMOTE' | 'IMPORT' | 'REJECT';

/** Final or current state of a submitted request. */
export type GateOutcomeStatus = 'committed' | 'pending' | 'rejected' | 'noop';

/** What `submit`/`approve` tell the caller. `code` says why a request was rejected. */
export interface GateOutcome {
  requestId: string;
  status: GateOutcomeStatus;
  decision: GateDecision;
  reason: string;
  code?: string;
  policyMatched?: string;
  /** The record as committed (for supersede: the replacement). */
  record?: MemoryRecord;
  /** For supersede: the old record, now superseded. */
  superseded?: MemoryRecord;
  duplicateOf?: string;
  /** Kinds of sensitive data replaced by `[REDACTED:<kind>]` before storing. */
  redactions?: string[];
  /** Layer 2 flags (near_duplicate, possible_conflict) that sent the request to review. */
  flags?: string[];
}

/** A stored gate request (queue entry and log line). */
export interface GateRequest {
  id: string;
  operation: string;
  /** The request as stored (redacted), the submitting actor, Layer 2 flags. */
  payload: StoredPayload;
  scope: string;
  requestedBy: string;
  status: 'pending' | 'approved' | 'rejected' | 'committed' | 'noop';
  decision: string | null;
  reason: string | null;
  policyMatched: string | null;
  reviewer: string | null;
  targetId: string | null;
  resultId: string | null;
  resultVersion: number | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** What the gate stores in gate_requests.payload. */
export interface StoredPayload {
  request: unknown;
  actor: { id: string; kind: string; allowedScopes?: string[] };
  flags?: string[];
  duplicateOf?: string;
  redactions?: string[];
}

/** One gate_audit row. */
export interface GateAuditEntry {
  id: string;
  requestId: string;
  action: string;
  decision: string | null;
  reason: string;
  policyMatched: string | null;
  reviewer: string | null;
  memoryId: string | null;
  memoryVersion: number | null;
  createdAt: Date;
}
