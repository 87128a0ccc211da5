import type { Kysely } from 'kysely';
import { effectiveConfidence, type MemoryDatabase, type TypeRegistry } from '@engram/memory';
import { InvalidSearchQueryError } from '../errors.js';
import type { SearchService } from '../search/search.service.js';
import type { CascadeFlag } from '../review/cascade-review.queue.js';
import { provenanceOf, standingIssues } from './build-results.js';
import { citationOf } from './citation.js';
import { resultConfidence } from './confidence.js';
import { contradictionBetween } from './contradictions.js';
import { loadRecordStates, type DecayFactorTable, type RecordState, type SourceState } from './record-state.query.js';
import type { ValidateRequest, ValidationIssue, ValidationReport } from './retrieve.types.js';
import { cascadeFlagsOf, exclusionMessage, exclusionOf } from './validate-state.js';

/** What {@link validateIds} uses. */
export interface ValidateContext {
  db: Kysely<MemoryDatabase>;
  search: SearchService;
  registry: TypeRegistry;
  now: Date;
  queue(flags: CascadeFlag[]): Promise<void>;
  /** Half-life factors earned by outcome feedback (ADR-0014); absent means 1. */
  decayFactors?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** Where those factors are stored: read with the states (ADR-0042) instead of calling `decayFactors`. */
  decayFactorTable?: DecayFactorTable;
}

export const MAX_VALIDATE_IDS = 100;
// Neighbour look-ups cost a search each; beyond this many ids only the ids are compared with each other.
const NEIGHBOUR_CHECKS = 25;

function checkRequest(req: ValidateRequest): void {
  if (!Array.isArray(req.ids) || req.ids.some((id) => typeof id !== 'string')) throw new InvalidSearchQueryError('ids must be an array of strings');
  if (req.ids.length < 1 || req.ids.length > MAX_VALIDATE_IDS) throw new InvalidSearchQueryError(`ids must hold 1..${MAX_VALIDATE_IDS} ids, got ${req.ids.length}`);
  if (!Array.isArray(req.scopes)) throw new InvalidSearchQueryError('scopes is required: the list of scopes the caller may see');
}

/** Current records of the caller's scopes that contradict `state` (keyword neighbours, then the heuristic). */
async function contradictingNeighbours(ctx: ValidateContext, state: RecordState, scopes: string[]): Promise<ValidationIssue[]> {
  const r = state.record;
  const near = await ctx.search.search({ text: r.content.slice(0, 2000), mode: 'keyword', topK: 10, scopes });
  return near.results
    .filter((n) => n.record.id !== r.id && n.record.memoryClass === 'semantic')
    .flatMap((n) => {
      const hit = contradictionBetween(r.content, n.record.content);
      return hit ? [{ code: 'contradicted' as const, message: `contradicts ${n.record.id}: ${hit.reason}`, relatedIds: [n.record.id] }] : [];
    });
}

function report(
  ctx: ValidateContext, id: string, state: RecordState | undefined, req: ValidateRequest, sources: Map<string, SourceState>, factors?: ReadonlyMap<string, number>,
): ValidationReport {
  const reason = exclusionOf(state, req.scopes, ctx.now);
  // A record outside the caller's scopes does not exist for them: same answer as an unknown id.
  if (state === undefined || reason === 'out_of_scope') return { id, valid: false, issues: [{ code: 'not_found', message: 'no record with this id is visible to you' }] };
  const r = state.record;
  const issues: ValidationIssue[] = reason ? [{ code: reason, message: exclusionMessage(reason, state), ...(r.supersededBy ? { relatedIds: [r.supersededBy] } : {}) }] : [];
  issues.push(...standingIssues(state, sources, req.scopes));
  const halfLife = ctx.registry.halfLifeDays(r.type);
  const confidence = resultConfidence(effectiveConfidence(r, halfLife, ctx.now, { halfLifeFactor: factors?.get(id) ?? 1 }), r);
  return { id, valid: reason === null, issues, citation: citationOf(r, confidence), provenance: provenanceOf(state) };
}

/**
 * memory.validate: for each id, provenance (a stored version behind it), lifecycle and temporal
 * validity, cascades from stale sources, and contradictions with the other ids and with current
 * records of the caller's scopes. Unknown ids (and ids outside the scopes) are reported per id.
 */
export async function validateIds(ctx: ValidateContext, req: ValidateRequest): Promise<ValidationReport[]> {
  checkRequest(req);
  const { states, sources, factors: stored } = await loadRecordStates(ctx.db, req.ids, ctx.decayFactorTable);
  const factors = stored ?? (ctx.decayFactors && states.size > 0 ? await ctx.decayFactors([...states.keys()]) : undefined);
  const reports = req.ids.map((id) => report(ctx, id, states.get(id), req, sources, factors));
  const valid = reports.filter((r) => r.valid).map((r) => states.get(r.id) as RecordState);
  for (const [i, rep] of reports.entries()) {
    const state = states.get(rep.id);
    if (!rep.valid || state === undefined || state.record.memoryClass !== 'semantic') continue;
    const seen = new Set(rep.issues.flatMap((x) => x.relatedIds ?? []));
    for (const other of valid) {
      const hit = other.record.id !== rep.id && other.record.memoryClass === 'semantic' && contradictionBetween(state.record.content, other.record.content);
      if (hit && !seen.has(other.record.id)) rep.issues.push({ code: 'contradicted', message: `contradicts ${other.record.id}: ${hit.reason}`, relatedIds: [other.record.id] });
      seen.add(other.record.id);
    }
    if (i < NEIGHBOUR_CHECKS) rep.issues.push(...(await contradictingNeighbours(ctx, state, req.scopes)).filter((x) => !seen.has(x.relatedIds?.[0] ?? '')));
  }
  await ctx.queue(valid.flatMap((s) => cascadeFlagsOf(s, sources)));
  return reports;
}
