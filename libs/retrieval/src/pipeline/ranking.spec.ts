import { effectiveConfidence } from '@engram/memory';
import { accessCreditOf, accessScore, blendScore, DEFAULT_RANKING_WEIGHTS, rankingWeightsProblem, recencyScore } from './ranking.js';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe('ranking signals (seed 004)', () => {
  it('recency = 1 / (1 + days/30), access = 1 / (1 + days/7), never read = 0', () => {
    expect(recencyScore(now, now)).toBe(1);
    expect(recencyScore(daysAgo(30), now)).toBeCloseTo(0.5, 10);
    expect(accessScore(daysAgo(7), now)).toBeCloseTo(0.5, 10);
    expect(accessScore(null, now)).toBe(0);
  });

  it('decays confidence by the half-life since the last update or read', () => {
    const rec = { confidence: 0.8, updatedAt: daysAgo(14), accessedAt: null };
    expect(effectiveConfidence(rec, 14, now)).toBeCloseTo(0.4, 10);
    expect(effectiveConfidence({ ...rec, accessedAt: daysAgo(0) }, 14, now)).toBeCloseTo(0.8, 10);
  });

  it('blends 0.7 / 0.2 / 0.1 by default and lets the weights change the order', () => {
    expect(DEFAULT_RANKING_WEIGHTS).toEqual({ semantic: 0.7, recency: 0.2, access: 0.1, confidence: 0 });
    const relevantOld = { semantic: 0.9, recency: 0.1, access: 0, effectiveConfidence: 1 };
    const weakFresh = { semantic: 0.5, recency: 1, access: 1, effectiveConfidence: 1 };
    expect(blendScore(relevantOld, DEFAULT_RANKING_WEIGHTS)).toBeCloseTo(0.65, 10);
    const recencyHeavy = { semantic: 0.2, recency: 0.8, access: 0, confidence: 0 };
    expect(blendScore(weakFresh, recencyHeavy)).toBeGreaterThan(blendScore(relevantOld, recencyHeavy));
    expect(blendScore(weakFresh, DEFAULT_RANKING_WEIGHTS)).toBeCloseTo(0.35 + 0.2 + 0.5 * 0.1, 10);
  });

  it('the best match earns access in full, as seed 004 adds it; recency always counts in full', () => {
    const best = { semantic: 1, recency: 0.4, access: 0.7, effectiveConfidence: 0.3 };
    const w = { semantic: 0.7, recency: 0.2, access: 0.1, confidence: 0.5 };
    expect(blendScore(best, w)).toBeCloseTo((0.7 + 0.4 * 0.2 + 0.7 * 0.1 + 0.3 * 0.5) / 1.5, 10);
  });

  it('a memory read a minute ago for another question does not outrank a better match of this one (ADR-0040)', () => {
    const justRecalled = { semantic: 0.78, recency: 1, access: 1, effectiveConfidence: 1 };
    const answer = { semantic: 0.9, recency: 1, access: 0, effectiveConfidence: 1 };
    // Added flat, access lifted the weaker match above the answer: 0.546 + 0.2 + 0.1 = 0.846 > 0.83.
    expect(blendScore(answer, DEFAULT_RANKING_WEIGHTS)).toBeCloseTo(0.63 + 0.2, 10);
    expect(blendScore(justRecalled, DEFAULT_RANKING_WEIGHTS)).toBeCloseTo(0.546 + 0.2 + 0.078, 10);
    expect(blendScore(answer, DEFAULT_RANKING_WEIGHTS)).toBeGreaterThan(blendScore(justRecalled, DEFAULT_RANKING_WEIGHTS));
    // A memory matching nothing earns nothing from having been read.
    expect(blendScore({ semantic: 0, recency: 0, access: 1, effectiveConfidence: 1 }, DEFAULT_RANKING_WEIGHTS)).toBe(0);
  });

  it('access counts as far as it tells the candidates apart: 1 − their mean access score (ADR-0043)', () => {
    expect(accessCreditOf([])).toBe(1);
    expect(accessCreditOf([0, 0, 0])).toBe(1);
    expect(accessCreditOf([1, 0, 0, 0])).toBeCloseTo(0.75, 10);
    expect(accessCreditOf([1, 1, 1])).toBe(0);
    const recalled = { semantic: 0.5, recency: 1, access: 1, effectiveConfidence: 1 };
    expect(blendScore(recalled, DEFAULT_RANKING_WEIGHTS, 0.75)).toBeCloseTo(0.35 + 0.2 + 0.5 * 0.75 * 0.1, 10);
    expect(blendScore(recalled, DEFAULT_RANKING_WEIGHTS, 0)).toBeCloseTo(0.35 + 0.2, 10);
  });

  it('rejects absurd weights', () => {
    expect(rankingWeightsProblem({ semantic: -1, recency: 0, access: 0, confidence: 0 })).toMatch(/0\.\.100/);
    expect(rankingWeightsProblem({ semantic: Infinity, recency: 0, access: 0, confidence: 0 })).toMatch(/finite/);
    expect(rankingWeightsProblem({ semantic: 0, recency: 0, access: 0, confidence: 0 })).toMatch(/not all be 0/);
    expect(rankingWeightsProblem(DEFAULT_RANKING_WEIGHTS)).toBeNull();
  });
});

describe(blendScore.name, () => {
  it('scores 0, not NaN, when every weight is 0', () => {
    const zero = { semantic: 0, recency: 0, access: 0, confidence: 0 };
    expect(blendScore({ semantic: 1, recency: 1, access: 1, effectiveConfidence: 1 }, zero)).toBe(0);
  });
});

describe(rankingWeightsProblem.name, () => {
  const zero = { semantic: 0, recency: 0, access: 0, confidence: 0 };
  const names = ['semantic', 'recency', 'access', 'confidence'] as const;

  it.each(names)('accepts %s alone, up to 100', (name) => {
    expect(rankingWeightsProblem({ ...zero, [name]: 1 })).toBeNull();
    expect(rankingWeightsProblem({ ...zero, [name]: 100 })).toBeNull();
  });

  it.each(names)('rejects %s past 100, below 0 or not a number', (name) => {
    for (const bad of [100.5, -0.1, Number.NaN, Number.POSITIVE_INFINITY, '1' as unknown as number]) {
      expect(rankingWeightsProblem({ ...DEFAULT_RANKING_WEIGHTS, [name]: bad })).toBe('ranking weights must be finite numbers in 0..100');
    }
  });
});
