import { effectiveConfidence } from '@engram/memory';
import { accessScore, blendScore, DEFAULT_RANKING_WEIGHTS, rankingWeightsProblem, recencyScore } from './ranking.js';

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
    expect(blendScore(weakFresh, DEFAULT_RANKING_WEIGHTS)).toBeCloseTo(0.35 + 0.2 + 0.1, 10);
  });

  it('rejects absurd weights', () => {
    expect(rankingWeightsProblem({ semantic: -1, recency: 0, access: 0, confidence: 0 })).toMatch(/0\.\.100/);
    expect(rankingWeightsProblem({ semantic: Infinity, recency: 0, access: 0, confidence: 0 })).toMatch(/finite/);
    expect(rankingWeightsProblem({ semantic: 0, recency: 0, access: 0, confidence: 0 })).toMatch(/not all be 0/);
    expect(rankingWeightsProblem(DEFAULT_RANKING_WEIGHTS)).toBeNull();
  });
});
