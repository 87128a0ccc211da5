import { createHash } from 'node:crypto';
import { canonicalJson } from '@engram/memory';
import { InvalidInputError } from '../errors.js';
import type { PrdEvent, PrdEventType, PrdExecution } from './prd-model.js';
import type { NewEvent } from './prd.repository.js';

export interface StartPrdInput {
  /** File path or git SHA identifying the PRD. */
  ref: string;
  title?: string;
  /** The PRD text: hashed (sha256) to detect a changed PRD on resume. */
  content?: string;
  /** Or a hash the caller computed (e.g. the git blob SHA). */
  hash?: string;
  /** Requirement ids the PRD declares; they start as not started. */
  requirements?: string[];
  scope?: string;
}

export interface StartPrdResult {
  execution: PrdExecution;
  created: boolean;
  /** The stored hash differed from the one given: the PRD changed since the execution started. */
  prdChanged: boolean;
  previousHash: string | null;
}

export interface PrdEventInput {
  type: PrdEventType;
  requirementId?: string;
  summary: string;
  detail?: Record<string, unknown>;
  agentId?: string;
  thinkingChainId?: string;
  /** Client idempotency key: a retry with the same key and content returns the first event. */
  eventId?: string;
  occurredAt?: Date;
}

export interface PrdDecisionInput {
  decision: string;
  reason?: string;
  alternatives?: string[];
  requirementId?: string;
  agentId?: string;
  eventId?: string;
}

export interface ContextRequest {
  eventLimit?: number;
  includeDecisions?: boolean;
  maxTokens?: number;
}

export function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** A retry must carry the same event; anything else reusing the key is a conflict. */
export function sameEvent(stored: PrdEvent, input: NewEvent): boolean {
  return stored.type === input.type && stored.requirementId === input.requirementId && stored.summary === input.summary &&
    canonicalJson(stored.detail) === canonicalJson(input.detail);
}

/** The decision row of a decision_made event: detail.decision (or the summary), detail.reason, detail.alternatives. */
export function decisionFields(detail: Record<string, unknown>, summary: string): { decision: string; reason: string | null; alternatives: string[] } {
  const alternatives = detail['alternatives'] ?? [];
  if (!Array.isArray(alternatives) || !alternatives.every((a) => typeof a === 'string')) {
    throw new InvalidInputError('a decision_made event\'s detail.alternatives must be a list of strings');
  }
  const reason = detail['reason'];
  if (reason !== undefined && typeof reason !== 'string') throw new InvalidInputError('a decision_made event\'s detail.reason must be a string');
  const decision = detail['decision'];
  if (decision !== undefined && typeof decision !== 'string') throw new InvalidInputError('a decision_made event\'s detail.decision must be a string');
  return { decision: typeof decision === 'string' ? decision : summary, reason: typeof reason === 'string' ? reason : null, alternatives: alternatives as string[] };
}

/** The stored shape of an event input. */
export function toNewEvent(input: PrdEventInput, now: Date): NewEvent {
  return {
    eventKey: input.eventId ?? null, type: input.type, requirementId: input.requirementId ?? null, summary: input.summary,
    detail: input.detail ?? {}, agentId: input.agentId ?? null, thinkingChainId: input.thinkingChainId ?? null, occurredAt: input.occurredAt ?? now,
  };
}
