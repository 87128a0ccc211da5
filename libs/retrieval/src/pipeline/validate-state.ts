import type { ExclusionReason, ResultIssue } from './retrieve.types.js';
import type { RecordState, SourceState } from './record-state.query.js';
import type { CascadeFlag } from '../review/cascade-review.queue.js';

/**
 * Why a stored record may not be delivered as current knowledge (seed 000 FR-04 steps 1-2), or
 * null when it may. Checked on the row read at validation time, so a record superseded or
 * retracted after the search ran is still caught.
 */
export function exclusionOf(state: RecordState | undefined, scopes: readonly string[], now: Date, includeArchived = false): ExclusionReason | null {
  if (state === undefined || state.gateRequestId === null) return 'orphan';
  const r = state.record;
  if (!scopes.includes(r.scope)) return 'out_of_scope';
  if (r.status === 'forgotten') return 'forgotten';
  if (r.status === 'superseded' || r.supersededBy !== null) return 'superseded';
  if (r.status === 'invalidated') return 'invalidated';
  if (r.status === 'archived' || r.archived) return includeArchived ? null : 'archived';
  if (r.validFrom > now) return 'not_yet_valid';
  if (r.validTo !== null && r.validTo <= now) return 'expired';
  return null;
}

/** Source statuses that make everything derived from them suspect. */
const STALE_SOURCE = new Set(['superseded', 'invalidated', 'forgotten']);

/** The derived_from sources of a record that are no longer current knowledge. */
export function staleSources(state: RecordState, sources: ReadonlyMap<string, SourceState>): SourceState[] {
  return state.derivedFrom.map((id) => sources.get(id)).filter((s): s is SourceState => s !== undefined && STALE_SOURCE.has(s.status));
}

/** The review flags of a record derived from stale sources: one per source (retrieve and validate queue them). */
export function cascadeFlagsOf(state: RecordState, sources: ReadonlyMap<string, SourceState>): CascadeFlag[] {
  return staleSources(state, sources).map((s) => ({
    memoryId: state.record.id, causeId: s.id, causeStatus: s.status, reason: `derived from ${/^[aeiou]/.test(s.status) ? 'an' : 'a'} ${s.status} record`,
  }));
}

/** The cascade warning on a result derived from stale sources; ids outside the caller's scopes stay hidden. */
export function staleSourceIssue(stale: readonly SourceState[], scopes: readonly string[]): ResultIssue | null {
  if (stale.length === 0) return null;
  const visible = stale.filter((s) => scopes.includes(s.scope));
  const what = stale.map((s) => (scopes.includes(s.scope) ? `${s.id} (${s.status})` : `a record outside your scopes (${s.status})`));
  return {
    code: 'derived_from_stale',
    message: `derived from ${what.join(', ')}: it may no longer hold and is queued for review`,
    ...(visible.length > 0 && { relatedIds: visible.map((s) => s.id) }),
  };
}

/** Human text for an exclusion (memory.validate). Without a stored state only the reason can be told. */
export function exclusionMessage(reason: ExclusionReason, state: RecordState | undefined): string {
  if (state === undefined) return reason === 'orphan' ? 'no stored record has this id' : spelled(reason);
  const r = state.record;
  switch (reason) {
    case 'orphan':
      return 'the head row has no stored version behind it (orphan)';
    case 'superseded':
      return `superseded by ${r.supersededBy ?? 'a newer record'}`;
    case 'invalidated':
      return `retracted${r.statusReason ? `: ${r.statusReason}` : ''}`;
    case 'expired':
      return `valid until ${r.validTo?.toISOString() ?? 'a past date'}, which has passed`;
    case 'not_yet_valid':
      return `valid only from ${r.validFrom.toISOString()}`;
    default:
      return spelled(reason);
  }
}

function spelled(reason: ExclusionReason): string {
  return reason.replace(/_/g, ' ');
}
