import type { MemoryRecord } from './memory-record.js';

const DAY_MS = 86_400_000;

/** Seed 004: "Access resets confidence to max(current, 0.8)". */
export const ACCESS_CONFIDENCE_FLOOR = 0.8;

/** Whole and fractional days from `earlier` to `later`, never negative (clock skew reads as "now"). */
export function daysBetween(later: Date, earlier: Date): number {
  return Math.max(0, (later.getTime() - earlier.getTime()) / DAY_MS);
}

/** Per-record adjustments of decay (ADR-0014). */
export interface DecayOptions {
  /**
   * Multiplies the type's half-life: outcome feedback earns a memory a factor > 1 (it decays more
   * slowly, seed 003 stage 3) or < 1. Kept in the lifecycle tables, not on the record; callers read
   * it (retrieval ranking, sweeps) and pass it here. Default 1.
   */
  halfLifeFactor?: number;
  /** Confidence an access restores at least (default {@link ACCESS_CONFIDENCE_FLOOR}). */
  accessFloor?: number;
}

/**
 * Confidence after decay (SPEC 7, seed 004): stored confidence halved every `halfLifeDays ×
 * halfLifeFactor` since the record's last write (update or explicit reinforcement, which sets 1.0).
 * An access lifts it to max(current, 0.8) and it decays from there; since decay is monotone, only
 * the last access matters, so the result is
 *   max(C · ½^(days since write / h), floor · ½^(days since last access / h)).
 * A pure function of time: reads never write a decayed value back (the access recorder only sets
 * accessed_at/access_count). Retrieval ranks with it and lifecycle sweeps archive with it; both must
 * agree, which is why it lives here.
 */
export function effectiveConfidence(
  record: Pick<MemoryRecord, 'confidence' | 'updatedAt' | 'accessedAt'>, halfLifeDays: number, now: Date, opts: DecayOptions = {},
): number {
  const halfLife = halfLifeDays * (opts.halfLifeFactor ?? 1);
  const decay = (since: Date) => 0.5 ** (daysBetween(now, since) / halfLife);
  const written = record.confidence * decay(record.updatedAt);
  if (!record.accessedAt || record.accessedAt <= record.updatedAt) return written;
  return Math.max(written, (opts.accessFloor ?? ACCESS_CONFIDENCE_FLOOR) * decay(record.accessedAt));
}
