import type { RelevanceWeights } from './decision-config.js';

/** recency_score = exp(-λ_r · days_since_event) (seed 003 2.1; exact Math.exp). */
export function recencyScore(daysSinceEvent: number, lambda: number): number {
  return Math.exp(-lambda * Math.max(0, daysSinceEvent));
}

/** frequency_score = 1 - exp(-λ_f · times_seen). */
export function frequencyScore(timesSeen: number, lambda: number): number {
  return 1 - Math.exp(-lambda * Math.max(0, timesSeen));
}

/** entity_importance_score = min(1, entity_reference_count / cap) (cap 10 in the seed). */
export function entityImportanceScore(entityReferenceCount: number, cap: number): number {
  return Math.min(1, Math.max(0, entityReferenceCount) / cap);
}

/** The three stage-1 signals of one event. */
export interface RelevanceSignals {
  recency: number;
  frequency: number;
  entityImportance: number;
}

/** relevance_score = α · recency + β · frequency + γ · entity_importance. */
export function relevanceScore(s: RelevanceSignals, w: RelevanceWeights): number {
  return w.recency * s.recency + w.frequency * s.frequency + w.entityImportance * s.entityImportance;
}

/** decay_lambda = ln 2 / half-life (seed 003 A.2). */
export function decayLambda(halfLifeDays: number): number {
  return Math.LN2 / halfLifeDays;
}

/** current_relevance = initial · exp(-decay_lambda · days_elapsed) (seed 003 A.2). */
export function decayedRelevance(initial: number, halfLifeDays: number, daysElapsed: number): number {
  return initial * Math.exp(-decayLambda(halfLifeDays) * Math.max(0, daysElapsed));
}
