import type { CallContext } from '../scope-context.js';
import type { FormationPort, MemoryCandidate } from '../continuity/formation.js';
import type { ImplicitFormation } from './implicit-formation.js';

/** Entity hints of a work-continuity candidate: the PRD and requirement it is about. */
function hintsOf(c: MemoryCandidate): string[] {
  const m = c.metadata;
  const hints: string[] = [];
  if (typeof m['prdRef'] === 'string') hints.push(`prd:${m['prdRef']}`);
  if (typeof m['requirementId'] === 'string') hints.push(`requirement:${m['requirementId']}`);
  return hints;
}

/**
 * The work-continuity formation port over the decision engine (SPEC 7: PRD events and chain
 * memories are implicit formation). The candidate's type is kept; the engine may skip it.
 */
export function formThroughDecisionEngine(formation: ImplicitFormation): FormationPort {
  return {
    async form(c: MemoryCandidate, ctx: CallContext) {
      try {
        const eventType = typeof c.metadata['eventType'] === 'string' ? c.metadata['eventType'] : c.source.type;
        const r = await formation.formImplicit({
          source: 'prd', kind: eventType, text: c.content, ts: c.occurredAt ?? new Date(), scope: c.scope, type: c.type,
          tags: c.tags, metadata: c.metadata, sourceRef: c.source, entities: hintsOf(c),
        }, ctx);
        if (!r.stored) return { status: 'skipped', reason: r.reasons[0] ?? 'below the storage threshold' };
        // A rate-limited request was refused for now, not judged: it is retried like a failure.
        if (r.stored.code === 'RATE_LIMITED') return { status: 'failed', requestId: r.stored.requestId, reason: r.stored.reason };
        return { status: r.stored.status, id: r.stored.id, requestId: r.stored.requestId, reason: r.stored.reason };
      } catch (err) {
        return { status: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
