import { effectiveConfidence } from '@engram/memory';
import type { DecayRow } from './memory-scan.query.js';

/** SPEC 7 / seed 004: memories below this effective confidence leave the active set. */
export const DEFAULT_ARCHIVE_THRESHOLD = 0.1;

/** A memory the archive sweep will archive, and the reason the gate records. */
export interface ArchiveDecision {
  id: string;
  version: number;
  effective: number;
  reason: string;
}

/**
 * Which of `rows` fall below `threshold` at `now`. Uses memory's `effectiveConfidence` with the
 * same per-memory half-life factors (outcome feedback, ADR-0014) retrieval ranks with, so a memory is
 * archived exactly when search would rank it as faded; useful memories last longer.
 */
export function planArchive(
  rows: readonly DecayRow[], halfLifeDays: (type: string) => number, now: Date, threshold = DEFAULT_ARCHIVE_THRESHOLD,
  halfLifeFactors: ReadonlyMap<string, number> = new Map(),
): ArchiveDecision[] {
  const out: ArchiveDecision[] = [];
  for (const r of rows) {
    const factor = halfLifeFactors.get(r.id) ?? 1;
    const halfLife = halfLifeDays(r.type) * factor;
    const effective = effectiveConfidence(r, halfLifeDays(r.type), now, { halfLifeFactor: factor });
    if (effective < threshold) {
      out.push({
        id: r.id, version: r.version, effective,
        reason: `lifecycle archive sweep: effective confidence ${effective.toFixed(3)} < ${threshold} (type ${r.type}, half-life ${Number(halfLife.toFixed(2))} d, stored ${r.confidence})`,
      });
    }
  }
  return out;
}
