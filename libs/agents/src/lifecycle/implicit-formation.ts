import { performance } from 'node:perf_hooks';
import type { DecisionEngine, ImplicitSource, StorageDecision } from '@engram/lifecycle';
import { InvalidEventError } from '@engram/memory';
import { InvalidInputError } from '../errors.js';
import { resolveWriteScope, type CallContext } from '../scope-context.js';
import type { StoreInput, StoreResult } from '../write.use-cases.js';

/** Input of {@link ImplicitFormation.formImplicit}: one hook, PRD or telemetry event. */
export interface ImplicitEventInput {
  source: ImplicitSource;
  /** What happened (`PostToolUse`, `blocker_hit`, ...); becomes `metadata.event_type` (snake case). */
  kind: string;
  text: string;
  /** Source time; defaults to now. */
  ts?: Date;
  /** The source's own "now" (a backfilled conversation's newest event): recency is measured up to it (capped, see lifecycle). */
  recencyFrom?: Date;
  /** Defaults to the session's scope. */
  scope?: string;
  sessionId?: string;
  /** Entities the caller knows (entity id, requirement, file); merged with extracted ones. */
  entities?: string[];
  /** Proposed memory type; otherwise the decay category's type. */
  type?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  sourceRef?: { type: string; id: string | null };
}

/** What became of an implicit event: the engine's judgement and, when stored, the gate's answer. */
export interface ImplicitFormationResult {
  action: StorageDecision['action'];
  relevance: number;
  threshold: number;
  reasons: string[];
  entities: string[];
  eventType: string;
  memoryType: string;
  /** The engine's record of the event (lifecycle_events). */
  eventId: string;
  /** The gate's answer (absent when skipped: skipped events are counted, never stored). */
  stored?: StoreResult;
}

/** SPEC 7 implicit formation: an event through the decision engine, then (when it passes) the gate. */
export interface ImplicitFormation {
  /** Judges one event, records it in the engine state (stored or skipped) and stores what passes. */
  formImplicit(input: ImplicitEventInput, ctx: CallContext): Promise<ImplicitFormationResult>;
}

export interface ImplicitFormationDeps {
  engine: DecisionEngine;
  /** The gate-backed store (Layer 2 still decides what the engine lets through). */
  store: (input: StoreInput, ctx: CallContext) => Promise<StoreResult>;
  /** Where skipped events and stale links are reported (stderr loggers in apps). */
  log?: (message: string) => void;
}

// A link target forgotten or moved since its event was recorded: store without the links instead.
const LINK_PROBLEMS = new Set(['RECORD_NOT_FOUND', 'INVALID_STATE', 'SCOPE_DENIED']);

function toStoreInput(input: ImplicitEventInput, d: StorageDecision, scope: string, links: boolean): StoreInput {
  const p = d.processed;
  return {
    type: d.decay.memoryType, content: input.text, scope, tags: input.tags ?? [],
    source: input.sourceRef ?? { type: `implicit:${input.source}`, id: input.sessionId ?? null },
    metadata: {
      ...input.metadata,
      entities: p.entities, event_type: p.eventType, decay_category: d.decay.category, implicit_source: input.source,
      ...(input.sessionId ? { session_id: input.sessionId } : {}),
      relevance: d.relevance, relevance_signals: { ...p.signals, times_seen: p.timesSeen, entity_references: p.entityReferenceCount },
      decision: d.action, decision_reasons: d.reasons,
      ...(d.compression ? { compression_candidate: d.compression } : {}),
    },
    ...(links && d.links.length ? { links: d.links.map((target) => ({ kind: 'relates_to' as const, target })) } : {}),
  };
}

/**
 * SPEC 7 implicit formation: an event passes the decision engine (seed 003 stages 1-2); what it
 * lets through becomes a normal gate request with the relevance and reasons in its metadata, and
 * the gate (Layer 2) still decides. Every judged event is recorded in the engine state, stored or
 * skipped, so frequency and entity importance see the whole stream. Explicit writes never come here.
 */
export function createImplicitFormation(deps: ImplicitFormationDeps): ImplicitFormation {
  async function storeThroughGate(input: ImplicitEventInput, d: StorageDecision, scope: string, ctx: CallContext): Promise<StoreResult> {
    const first = await deps.store(toStoreInput(input, d, scope, true), ctx);
    if (first.status !== 'rejected' || !d.links.length || !LINK_PROBLEMS.has(first.code ?? '')) return first;
    deps.log?.(`implicit memory: dropped stale links (${first.reason})`);
    return deps.store(toStoreInput(input, d, scope, false), ctx);
  }

  return {
    async formImplicit(input: ImplicitEventInput, ctx: CallContext): Promise<ImplicitFormationResult> {
      const started = performance.now();
      const scope = resolveWriteScope(input.scope, ctx);
      let d: StorageDecision;
      try {
        d = await deps.engine.evaluate({ ...input, scope, ts: input.ts ?? new Date() });
      } catch (err) {
        if (err instanceof InvalidEventError) throw new InvalidInputError(err.message);
        throw err;
      }
      const stored = d.store ? await storeThroughGate(input, d, scope, ctx) : undefined;
      const latencyMs = performance.now() - started;
      const eventId = await deps.engine.record(d, {
        latencyMs, memoryId: stored?.status === 'approved' ? stored.id : null, gateStatus: stored?.status ?? null,
      });
      if (!stored) deps.log?.(`implicit event skipped: ${d.processed.eventType} in ${scope} (${d.reasons[0]})`);
      return {
        action: d.action, relevance: d.relevance, threshold: d.threshold, reasons: d.reasons, entities: d.processed.entities,
        eventType: d.processed.eventType, memoryType: d.decay.memoryType, eventId, ...(stored ? { stored } : {}),
      };
    },
  };
}
