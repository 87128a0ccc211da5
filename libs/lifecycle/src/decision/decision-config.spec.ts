import { LifecycleConfigError } from '../errors.js';
import { DEFAULT_DECISION_CONFIG as D, normaliseWeights, resolveDecisionConfig, type DecisionConfigOverrides } from './decision-config.js';

// Every validation rule of the decision engine's config, at its boundary (issue 22 mutation survivors).
describe('resolveDecisionConfig validation', () => {
  it.each<[DecisionConfigOverrides, string]>([
    [{ recencyLambda: 0 }, 'lifecycle.recencyLambda must be a positive number, got 0'],
    [{ frequencyLambda: Number.NaN }, 'lifecycle.frequencyLambda must be a positive number, got NaN'],
    [{ entityImportanceCap: -2 }, 'lifecycle.entityImportanceCap must be a positive number, got -2'],
    [{ similarWindowDays: Number.POSITIVE_INFINITY }, 'lifecycle.similarWindowDays must be a positive number, got Infinity'],
    [{ compressionWindowDays: 0 }, 'lifecycle.compressionWindowDays must be a positive number, got 0'],
    [{ similarScanLimit: 0 }, 'lifecycle.similarScanLimit must be a positive integer, got 0'],
    [{ similarScanLimit: 1.5 }, 'lifecycle.similarScanLimit must be a positive integer, got 1.5'],
    [{ compressionMinCount: 0 }, 'lifecycle.compressionMinCount must be a positive integer, got 0'],
    [{ maxLinks: -1 }, 'lifecycle.maxLinks must be a positive integer, got -1'],
    [{ storageThreshold: -0.01 }, 'lifecycle.storageThreshold must be within [0, 1], got -0.01'],
    [{ similarOverlap: 1.01 }, 'lifecycle.similarOverlap must be within [0, 1], got 1.01'],
    [{ learning: { weightRate: 2 } }, 'lifecycle.learning.weightRate must be within [0, 1], got 2'],
    [{ learning: { minWeight: -1 } }, 'lifecycle.learning.minWeight must be within [0, 1], got -1'],
    [{ learning: { maxWeight: 1.5 } }, 'lifecycle.learning.maxWeight must be within [0, 1], got 1.5'],
    [{ learning: { successRate: 3 } }, 'lifecycle.learning.successRate must be within [0, 1], got 3'],
    [{ learning: { failureRate: -0.5 } }, 'lifecycle.learning.failureRate must be within [0, 1], got -0.5'],
    [{ learning: { minFactor: 0 } }, 'lifecycle.learning.minFactor must be a positive number, got 0'],
    [{ learning: { minWeight: 0.5, maxWeight: 0.4 } }, 'lifecycle.learning: need minWeight <= 1/3 <= maxWeight'],
    [{ learning: { minWeight: 0.34, maxWeight: 0.7 } }, 'lifecycle.learning: need minWeight <= 1/3 <= maxWeight'],
    [{ learning: { minWeight: 0.1, maxWeight: 0.33 } }, 'lifecycle.learning: need minWeight <= 1/3 <= maxWeight'],
    // The one case only the minWeight > maxWeight check catches: both multiply back to exactly 1, yet
    // min is one step of floating point above max, so no weight could sit between them.
    [{ learning: { minWeight: 0.33333333333333337, maxWeight: 1 / 3 } }, 'lifecycle.learning: need minWeight <= 1/3 <= maxWeight'],
    [{ learning: { minFactor: 1.1 } }, 'lifecycle.learning: need minFactor <= 1 <= maxFactor'],
    [{ learning: { maxFactor: 0.9 } }, 'lifecycle.learning: need minFactor <= 1 <= maxFactor'],
  ])('rejects %j', (overrides, message) => {
    expect(() => resolveDecisionConfig(overrides)).toThrow(new LifecycleConfigError(message));
  });

  it.each<DecisionConfigOverrides>([
    { storageThreshold: 0 }, { storageThreshold: 1 }, { similarOverlap: 0 }, { similarOverlap: 1 }, { maxLinks: 0 },
    { similarScanLimit: 1 }, { compressionMinCount: 1 },
    { learning: { minWeight: 1 / 3, maxWeight: 1 / 3 } }, { learning: { minFactor: 1, maxFactor: 1 } },
    { learning: { weightRate: 0, successRate: 1, failureRate: 1 } },
  ])('accepts the boundary %j', (overrides) => {
    expect(() => resolveDecisionConfig(overrides)).not.toThrow();
  });

  it('applies overrides field by field and keeps the other defaults', () => {
    const c = resolveDecisionConfig({ maxLinks: 2, learning: { enabled: false }, categoryTypes: { pattern: 'runbook' } });
    expect(c.maxLinks).toBe(2);
    expect(c.learning).toEqual({ ...D.learning, enabled: false });
    expect(c.categoryTypes).toEqual({ ...D.categoryTypes, pattern: 'runbook' });
    expect(c.weights).toEqual(D.weights);
    expect(c.similarScanLimit).toBe(D.similarScanLimit);
  });

  it('learns from outcome feedback unless turned off (docs/api.md: learning.enabled, default on)', () => {
    expect(resolveDecisionConfig().learning.enabled).toBe(true);
    expect(resolveDecisionConfig({ learning: { weightRate: 0.1 } }).learning.enabled).toBe(true);
  });

  it('returns a frozen config, nested objects included', () => {
    const c = resolveDecisionConfig();
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.weights)).toBe(true);
    expect(Object.isFrozen(c.learning)).toBe(true);
    expect(Object.isFrozen(c.categoryTypes)).toBe(true);
  });
});

describe(normaliseWeights.name, () => {
  it('divides each weight by the sum', () => {
    expect(normaliseWeights({ recency: 1, frequency: 1, entityImportance: 2 })).toEqual({ recency: 0.25, frequency: 0.25, entityImportance: 0.5 });
  });

  it('refuses weights that do not add up to a positive sum', () => {
    expect(() => normaliseWeights({ recency: 0, frequency: 0, entityImportance: 0 })).toThrow(new LifecycleConfigError('lifecycle.weights must not all be zero'));
    expect(() => normaliseWeights({ recency: 1, frequency: -1, entityImportance: 0 })).toThrow(LifecycleConfigError);
  });
});
