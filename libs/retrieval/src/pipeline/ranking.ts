import { daysBetween } from '@engram/memory';
import type { RankingWeights } from './retrieve.types.js';

/** Seed 004 defaults: score = semantic·0.7 + recency·0.2 + access·0.1. */
export const DEFAULT_RANKING_WEIGHTS: Readonly<RankingWeights> = Object.freeze({ semantic: 0.7, recency: 0.2, access: 0.1, confidence: 0 });

/** Seed 004: 1 / (1 + days_since_creation / 30). */
export function recencyScore(createdAt: Date, now: Date): number {
  return 1 / (1 + daysBetween(now, createdAt) / 30);
}

/** Seed 004: 1 / (1 + days_since_access / 7); a record never read scores 0. */
export function accessScore(accessedAt: Date | null, now: Date): number {
  return accessedAt === null ? 0 : 1 / (1 + daysBetween(now, accessedAt) / 7);
}

/** The signals of one candidate, each in [0, 1]. */
export interface RankingSignals {
  semantic: number;
  recency: number;
  access: number;
  effectiveConfidence: number;
}

/**
 * Weighted blend of the signals, divided by the weight sum so it stays in [0, 1]. Access is
 * credited in proportion to how well the memory matches this query (semantic in [0, 1]): the best
 * match earns it in full, as seed 004 adds it, a weak match only in part. Added flat, a memory
 * recalled a minute ago for another question gained the whole access weight on every later query,
 * enough to push this query's answer out of the top 10 (ADR-0040). Recency stays flat: it is the
 * lever a caller raises on purpose to prefer newer memories. `accessCredit` (see
 * {@link accessCreditOf}) scales the access part for the query's candidates as a whole.
 */
export function blendScore(s: RankingSignals, w: RankingWeights, accessCredit = 1): number {
  const total = w.semantic + w.recency + w.access + w.confidence;
  if (total <= 0) return 0;
  return (s.semantic * w.semantic + s.recency * w.recency + s.semantic * s.access * accessCredit * w.access + s.effectiveConfidence * w.confidence) / total;
}

/**
 * How much access can tell a query's candidates apart: 1 − their mean access score. Access marks
 * the few memories an agent read lately; when most candidates were read lately (an agent that
 * recalls before every question reads most of a busy scope within minutes), it singles none out,
 * and what is left of it is noise — who was read one minute ago rather than ten — that reorders
 * close matches (ADR-0043). A query where a handful of its candidates were read keeps nearly the
 * seed's full credit; one where all were keeps none. No candidates: 1.
 */
export function accessCreditOf(accessScores: readonly number[]): number {
  if (accessScores.length === 0) return 1;
  const mean = accessScores.reduce((a, b) => a + b, 0) / accessScores.length;
  return Math.min(1, Math.max(0, 1 - mean));
}

/** Validates ranking weights: finite, >= 0, not all 0. Returns an error message or null. */
export function rankingWeightsProblem(w: RankingWeights): string | null {
  const values = [w.semantic, w.recency, w.access, w.confidence];
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100)) {
    return 'ranking weights must be finite numbers in 0..100';
  }
  return values.reduce((a, b) => a + b, 0) > 0 ? null : 'ranking weights must not all be 0';
}
