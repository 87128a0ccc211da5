import type { MemoryRecord } from '@engram/memory';

/**
 * Seed 000 FR-04 step 4: the retrieval score minus penalties, clamped to [0, 1]:
 * −0.05 per version after the first, −0.1 when the record has an end of validity (an expiring
 * belief), −0.1 when its metadata says it was inferred rather than stated explicitly.
 */
export function resultConfidence(relevance: number, record: Pick<MemoryRecord, 'version' | 'validTo' | 'metadata'>): number {
  let score = relevance;
  score -= 0.05 * Math.max(0, record.version - 1);
  if (record.validTo !== null) score -= 0.1;
  if (isInferred(record.metadata)) score -= 0.1;
  return Math.round(Math.min(1, Math.max(0, score)) * 1e4) / 1e4;
}

/** True when metadata marks the record as inferred (`source: "inferred"` or `inferred: true`). */
export function isInferred(metadata: Record<string, unknown>): boolean {
  return metadata.source === 'inferred' || metadata.inferred === true;
}
