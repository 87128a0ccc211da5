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

/** Weighted blend of the signals, divided by the weight sum so it stays in [0, 1]. */
export function blendScore(s: RankingSignals, w: RankingWeights): number {
  const total = w.semantic + w.recency + w.access + w.confidence;
  if (total <= 0) return 0;
  return (s.semantic * w.semantic + s.recency * w.recency + s.access * w.access + s.effectiveConfidence * w.confidence) / total;
}

/** Validates ranking weights: finite, >= 0, not all 0. Returns an error message or null. */
export function rankingWeightsProblem(w: RankingWeights): string | null {
  const values = [w.semantic, w.recency, w.access, w.confidence];
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100)) {
    return 'ranking weights must be finite numbers in 0..100';
  }
  return values.reduce((a, b) => a + b, 0) > 0 ? null : 'ranking weights must not all be 0';
}
