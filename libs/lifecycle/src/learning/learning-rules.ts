import { normaliseWeights, type LearningConfig, type RelevanceWeights } from '../decision/decision-config.js';
import type { RelevanceSignals } from '../decision/scoring.js';

/** An agent's verdict on retrieved memories (seed 003 stage 3). */
export type Outcome = 'success' | 'failure';

/**
 * Projects weights onto { sum = 1, minWeight <= w <= maxWeight }: clamp, then rescale only the
 * weights not pinned at a bound so they fill what the pinned ones leave; repeat until stable.
 */
function clampNormalise(w: RelevanceWeights, l: LearningConfig): RelevanceWeights {
  let v = normaliseWeights(w);
  let xs = [v.recency, v.frequency, v.entityImportance];
  for (let i = 0; i < 10; i++) {
    xs = xs.map((x) => Math.min(l.maxWeight, Math.max(l.minWeight, x)));
    const pinned = xs.map((x) => x <= l.minWeight || x >= l.maxWeight);
    const pinnedSum = xs.reduce((a, x, j) => a + (pinned[j] ? x : 0), 0);
    const freeSum = xs.reduce((a, x, j) => a + (pinned[j] ? 0 : x), 0);
    const total = pinnedSum + freeSum;
    if (Math.abs(total - 1) < 1e-12) break;
    if (freeSum > 0) xs = xs.map((x, j) => (pinned[j] ? x : (x * (1 - pinnedSum)) / freeSum));
    else xs = xs.map((x) => x / total);
  }
  v = { recency: xs[0] ?? 0, frequency: xs[1] ?? 0, entityImportance: xs[2] ?? 0 };
  return v;
}

/**
 * Stage 3 step 4: one feedback moves α, β, γ by `weightRate` toward the signal profile of the
 * memory that was used (success: these signals predicted usefulness) or away from it (failure),
 * then bounds and renormalises them to sum 1. A memory without signals (explicit) changes nothing.
 */
export function updateWeights(w: RelevanceWeights, signals: RelevanceSignals, outcome: Outcome, l: LearningConfig): RelevanceWeights {
  const sum = signals.recency + signals.frequency + signals.entityImportance;
  if (!(sum > 0)) return w;
  const dir = outcome === 'success' ? 1 : -1;
  const step = (cur: number, s: number) => cur + dir * l.weightRate * (s / sum - cur);
  return clampNormalise({
    recency: step(w.recency, signals.recency),
    frequency: step(w.frequency, signals.frequency),
    entityImportance: step(w.entityImportance, signals.entityImportance),
  }, l);
}

/**
 * Stage 3 step 5 ("slower decay for frequently-useful memories"): the factor a memory's half-life
 * is multiplied by. Success raises it by `successRate`, failure lowers it by `failureRate`, within
 * [minFactor, maxFactor]. Starts at 1 (the type's own half-life).
 */
export function updateUsefulness(factor: number, outcome: Outcome, l: LearningConfig): number {
  const next = outcome === 'success' ? factor * (1 + l.successRate) : factor * (1 - l.failureRate);
  return Math.min(l.maxFactor, Math.max(l.minFactor, next));
}

/** Sum of absolute differences between two weight vectors (0 = unchanged; at most 2). */
export function weightDrift(a: RelevanceWeights, b: RelevanceWeights): number {
  return Math.abs(a.recency - b.recency) + Math.abs(a.frequency - b.frequency) + Math.abs(a.entityImportance - b.entityImportance);
}
