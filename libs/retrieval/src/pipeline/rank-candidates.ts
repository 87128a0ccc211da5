import { effectiveConfidence, mayEmbedWithContext } from '@engram/memory';
import type { Candidate } from './gather-candidates.js';
import { contradictionBetween } from './contradictions.js';
import { collapseNearDuplicates } from './dedupe.js';
import { accessCreditOf, accessScore, blendScore, recencyScore, type RankingSignals } from './ranking.js';
import type { RecordState } from './record-state.query.js';
import type { NormalizedRetrieveQuery } from './retrieve-query.js';
import type { Exclusion } from './retrieve.types.js';
import { exclusionOf } from './validate-state.js';

/** A validated, scored candidate. */
export interface RankedEntry {
  candidate: Candidate;
  state: RecordState;
  signals: RankingSignals;
  final: number;
}

/** What ranking needs besides the query. */
export interface RankContext {
  now: Date;
  halfLifeDays(type: string): number;
  /** Outcome feedback's half-life factor of a memory (1 when absent; ADR-0014). */
  halfLifeFactor?(id: string): number;
  /** Vectors of other models are not comparable: only this model's vectors take part in dedupe. */
  embeddingModel: string | null;
}

// Graph neighbours did not pass the SQL filters of search: the query's filters apply to them here.
function matchesFilters(state: RecordState, q: NormalizedRetrieveQuery): boolean {
  const r = state.record;
  if (q.types?.length && !q.types.includes(r.type)) return false;
  if (q.tags?.length && !r.tags.some((t) => q.tags?.includes(t))) return false;
  if (q.createdAfter && r.createdAt < q.createdAfter) return false;
  return !(q.createdBefore && r.createdAt >= q.createdBefore);
}

function signalsOf(c: Candidate, s: RecordState, ctx: RankContext): RankingSignals {
  const r = s.record;
  return {
    semantic: c.semantic,
    recency: recencyScore(r.createdAt, ctx.now),
    access: accessScore(r.accessedAt, ctx.now),
    effectiveConfidence: effectiveConfidence(r, ctx.halfLifeDays(r.type), ctx.now, { halfLifeFactor: ctx.halfLifeFactor?.(r.id) ?? 1 }),
  };
}

/**
 * Stages 3-6 of the pipeline on fresh stored state: provenance and temporal validity (seed 000
 * FR-04), the decayed-confidence threshold (seed 004 step 5), re-ranking by the blended signals
 * (step 4; access counts as far as it tells the candidates apart), then near-duplicate collapse
 * keeping the more confident record (step 6).
 */
export function rankCandidates(
  candidates: readonly Candidate[], states: ReadonlyMap<string, RecordState>, q: NormalizedRetrieveQuery, ctx: RankContext,
): { ranked: RankedEntry[]; excluded: Exclusion[] } {
  const excluded: Exclusion[] = [];
  const entries: RankedEntry[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const state = states.get(c.id);
    const reason = exclusionOf(state, q.scopes, ctx.now, q.includeArchived);
    if (reason !== null || state === undefined) {
      excluded.push({ id: c.id, reason: reason ?? 'orphan', ...(reason === 'superseded' && state?.record.supersededBy ? { relatedId: state.record.supersededBy } : {}) });
      continue;
    }
    if (c.expandedFrom !== undefined && !matchesFilters(state, q)) continue;
    const signals = signalsOf(c, state, ctx);
    if (signals.effectiveConfidence < q.minConfidence) {
      excluded.push({ id: c.id, reason: 'below_min_confidence' });
      continue;
    }
    entries.push({ candidate: c, state, signals, final: 0 });
  }
  const accessCredit = accessCreditOf(entries.map((e) => e.signals.access));
  for (const e of entries) e.final = blendScore(e.signals, q.ranking, accessCredit);
  entries.sort((a, b) => b.final - a.final || (a.candidate.id < b.candidate.id ? -1 : 1));
  const { kept, dropped } = collapseNearDuplicates(
    entries.map((e) => ({
      entry: e, id: e.candidate.id, content: e.state.record.content, contentHash: e.state.record.contentHash, confidence: e.signals.effectiveConfidence,
      // A vector that holds a turn's context, not only its text, cannot tell that two texts say the same.
      embedding: e.state.record.embeddingModel === ctx.embeddingModel && !mayEmbedWithContext(e.state.record) ? e.state.embedding : null,
    })),
    undefined,
    (a, b) => contradictionBetween(a, b) !== null,
  );
  for (const d of dropped) excluded.push({ id: d.id, reason: 'near_duplicate', relatedId: d.keptId });
  return { ranked: kept.map((k) => k.entry), excluded };
}
