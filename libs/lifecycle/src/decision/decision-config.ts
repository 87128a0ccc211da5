import { LifecycleConfigError } from '../errors.js';

/** Relevance weights: α (recency), β (frequency), γ (entity importance); they sum to 1. */
export interface RelevanceWeights {
  readonly recency: number;
  readonly frequency: number;
  readonly entityImportance: number;
}

/** Seed 003 2.3 decay categories. */
export type DecayCategory = 'preference' | 'conversation' | 'task' | 'pattern' | 'episodic';

/**
 * Every constant of the decision engine and the learning loop (seed 003: "don't hardcode thresholds
 * in code"). {@link DEFAULT_DECISION_CONFIG} holds the seed's values; deployments override any subset
 * through the config layering (config file `lifecycle:` section, `ENGRAM_*` variables; ADR-0014).
 */
export interface DecisionConfig {
  /** Starting α, β, γ (seed 003 2.1: 0.4, 0.3, 0.3); learning moves them from here. */
  readonly weights: RelevanceWeights;
  /** λ_r of recency = exp(-λ_r · days). */
  readonly recencyLambda: number;
  /** λ_f of frequency = 1 - exp(-λ_f · times_seen). */
  readonly frequencyLambda: number;
  /** Entity references at which importance saturates (min(1, refs / cap)). */
  readonly entityImportanceCap: number;
  /** STORAGE_THRESHOLD: relevance >= this is stored. */
  readonly storageThreshold: number;
  /** Similar events (seed 2.1): same entity, within this many days, token overlap > similarOverlap. */
  readonly similarWindowDays: number;
  readonly similarOverlap: number;
  /** How many candidate past events the similarity check reads at most (the newest first). */
  readonly similarScanLimit: number;
  /** COMPRESSION_MIN_COUNT and COMPRESSION_TIME_WINDOW_DAYS (seed 2.4). */
  readonly compressionMinCount: number;
  readonly compressionWindowDays: number;
  /** Graph connections: at most this many links to memories sharing an entity. */
  readonly maxLinks: number;
  /** Seed 2.3 categories → engram memory types; the half-life is the type registry's (ADR-0014). */
  readonly categoryTypes: Readonly<Record<DecayCategory, string>>;
  readonly learning: LearningConfig;
}

/** Stage 3 rates (seed 003 1.2: continuous, per feedback). */
export interface LearningConfig {
  /** LEARNING_ENABLED: when false, feedback is logged but weights and factors stay put. */
  readonly enabled: boolean;
  /** How far one feedback moves the weights toward (success) or away from (failure) the memory's signal profile. */
  readonly weightRate: number;
  /** Bounds of each weight before renormalising (no signal is ever switched off or takes over). */
  readonly minWeight: number;
  readonly maxWeight: number;
  /** Half-life factor × (1 + successRate) per success, × (1 - failureRate) per failure, clamped. */
  readonly successRate: number;
  readonly failureRate: number;
  readonly minFactor: number;
  readonly maxFactor: number;
}

export const DEFAULT_DECISION_CONFIG: DecisionConfig = Object.freeze({
  weights: Object.freeze({ recency: 0.4, frequency: 0.3, entityImportance: 0.3 }),
  recencyLambda: 0.1,
  frequencyLambda: 0.3,
  entityImportanceCap: 10,
  storageThreshold: 0.3,
  similarWindowDays: 7,
  similarOverlap: 0.7,
  similarScanLimit: 200,
  compressionMinCount: 5,
  compressionWindowDays: 7,
  maxLinks: 5,
  categoryTypes: Object.freeze({ preference: 'preference', conversation: 'context', task: 'task', pattern: 'skill', episodic: 'episode' }),
  learning: Object.freeze({
    enabled: true, weightRate: 0.05, minWeight: 0.1, maxWeight: 0.7, successRate: 0.25, failureRate: 0.1, minFactor: 0.5, maxFactor: 4,
  }),
});

/** Config overrides: any subset, nested objects field by field. */
export type DecisionConfigOverrides = Partial<Omit<DecisionConfig, 'weights' | 'learning' | 'categoryTypes'>> & {
  weights?: Partial<RelevanceWeights>;
  learning?: Partial<LearningConfig>;
  categoryTypes?: Partial<Record<DecayCategory, string>>;
};

function positive(name: string, v: number): void {
  if (!(v > 0) || !Number.isFinite(v)) throw new LifecycleConfigError(`lifecycle.${name} must be a positive number, got ${v}`);
}

function unit(name: string, v: number): void {
  if (!(v >= 0 && v <= 1)) throw new LifecycleConfigError(`lifecycle.${name} must be within [0, 1], got ${v}`);
}

/** Renormalises weights to sum 1 (seed 5.2 "weights sum correctly"). */
export function normaliseWeights(w: RelevanceWeights): RelevanceWeights {
  const sum = w.recency + w.frequency + w.entityImportance;
  if (!(sum > 0)) throw new LifecycleConfigError('lifecycle.weights must not all be zero');
  return { recency: w.recency / sum, frequency: w.frequency / sum, entityImportance: w.entityImportance / sum };
}

/** The seed defaults with `overrides` applied, validated (throws LifecycleConfigError) and frozen. */
export function resolveDecisionConfig(overrides: DecisionConfigOverrides = {}): DecisionConfig {
  const d = DEFAULT_DECISION_CONFIG;
  const c: DecisionConfig = {
    ...d, ...overrides,
    weights: normaliseWeights({ ...d.weights, ...overrides.weights }),
    learning: { ...d.learning, ...overrides.learning },
    categoryTypes: { ...d.categoryTypes, ...overrides.categoryTypes },
  };
  for (const k of ['recencyLambda', 'frequencyLambda', 'entityImportanceCap', 'similarWindowDays', 'compressionWindowDays'] as const) positive(k, c[k]);
  for (const k of ['similarScanLimit', 'compressionMinCount', 'maxLinks'] as const) {
    if (!Number.isInteger(c[k]) || c[k] < (k === 'maxLinks' ? 0 : 1)) throw new LifecycleConfigError(`lifecycle.${k} must be a positive integer, got ${c[k]}`);
  }
  unit('storageThreshold', c.storageThreshold);
  unit('similarOverlap', c.similarOverlap);
  const l = c.learning;
  for (const k of ['weightRate', 'minWeight', 'maxWeight', 'successRate', 'failureRate'] as const) unit(`learning.${k}`, l[k]);
  positive('learning.minFactor', l.minFactor);
  if (l.minWeight > l.maxWeight || l.minWeight * 3 > 1 || l.maxWeight * 3 < 1) {
    throw new LifecycleConfigError('lifecycle.learning: need minWeight <= 1/3 <= maxWeight');
  }
  if (l.minFactor > 1 || l.maxFactor < 1) throw new LifecycleConfigError('lifecycle.learning: need minFactor <= 1 <= maxFactor');
  return Object.freeze({ ...c, weights: Object.freeze(c.weights), learning: Object.freeze(c.learning), categoryTypes: Object.freeze(c.categoryTypes) });
}
