import type { MemoryRecord } from './memory-record.js';

const DAY_MS = 86_400_000;

/** Whole and fractional days from `earlier` to `later`, never negative (clock skew reads as "now"). */
export function daysBetween(later: Date, earlier: Date): number {
  return Math.max(0, (later.getTime() - earlier.getTime()) / DAY_MS);
}

/**
 * Confidence after decay (SPEC 7): stored confidence halved every `halfLifeDays` since the record
 * was last touched (updated, reinforced or read: reads reinforce, seed 004). A pure function of
 * time, so reading never writes a decayed value back. Retrieval ranks with it and lifecycle sweeps
 * archive with it; both must agree, which is why it lives here.
 */
export function effectiveConfidence(record: Pick<MemoryRecord, 'confidence' | 'updatedAt' | 'accessedAt'>, halfLifeDays: number, now: Date): number {
  const last = record.accessedAt && record.accessedAt > record.updatedAt ? record.accessedAt : record.updatedAt;
  return record.confidence * 0.5 ** (daysBetween(now, last) / halfLifeDays);
}
