import { createTypeRegistry } from '@engram/memory';
import { DEFAULT_DECISION_CONFIG as C, resolveDecisionConfig } from './decision-config.js';
import { decayPolicyOf } from './decay-policy.js';
import type { ImplicitEvent } from './implicit-event.js';
import { decayedRelevance, entityImportanceScore, frequencyScore, recencyScore, relevanceScore, type RelevanceSignals } from './scoring.js';
import { decide, processEvent, type HistoryFacts } from './storage-decision.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const noHistory: HistoryFacts = { neighbours: [], entityRefs: new Map(), sameTypeStored: new Map(), linkTargets: ['m-1'] };
const event: ImplicitEvent = { source: 'hook', kind: 'PostToolUse', text: 'Edited src/app.ts', ts: NOW, scope: 'project:p' };

/** decide() on an event whose stage-1 signals are exactly `signals`. */
function decideOn(signals: RelevanceSignals, weights = C.weights) {
  const processed = { ...processEvent(event, [], noHistory, C, NOW), signals };
  return decide(processed, weights, decayPolicyOf(event, C, () => 7), noHistory, C);
}

const relevance = (days: number, timesSeen: number, refs: number, w = C.weights) =>
  relevanceScore({
    recency: recencyScore(days, C.recencyLambda),
    frequency: frequencyScore(timesSeen, C.frequencyLambda),
    entityImportance: entityImportanceScore(refs, C.entityImportanceCap),
  }, w);

describe('seed 003 formulas (exact)', () => {
  it('recency = exp(-0.1 · days)', () => {
    expect(recencyScore(0, 0.1)).toBe(1);
    expect(recencyScore(7, 0.1)).toBe(Math.exp(-0.1 * 7));
    expect(recencyScore(Math.LN2 / 0.1, 0.1)).toBeCloseTo(0.5, 12); // event half-life ≈ 6.93 d
  });

  it('frequency = 1 - exp(-0.3 · times_seen), rising and below 1', () => {
    expect(frequencyScore(0, 0.3)).toBe(0);
    expect(frequencyScore(5, 0.3)).toBe(1 - Math.exp(-0.3 * 5));
    expect(frequencyScore(20, 0.3)).toBeLessThan(1);
    expect(frequencyScore(20, 0.3)).toBeGreaterThan(frequencyScore(1, 0.3));
  });

  it('entity importance = min(1, refs / 10)', () => {
    expect(entityImportanceScore(0, 10)).toBe(0);
    expect(entityImportanceScore(3, 10)).toBeCloseTo(0.3, 12);
    expect(entityImportanceScore(10, 10)).toBe(1);
    expect(entityImportanceScore(50, 10)).toBe(1);
  });

  it('relevance = 0.4 recency + 0.3 frequency + 0.3 importance', () => {
    const r = relevance(2, 3, 4);
    expect(r).toBeCloseTo(0.4 * Math.exp(-0.2) + 0.3 * (1 - Math.exp(-0.9)) + 0.3 * 0.4, 12);
    expect(relevance(0, 1000, 10)).toBeGreaterThan(0.9);
    expect(relevance(0, 1000, 10)).toBeLessThanOrEqual(1);
  });

  it('at 7 days the recency part is ~half of fresh (seed 4.2 test_recency_exponential_decay)', () => {
    const ratio = recencyScore(7, C.recencyLambda) / recencyScore(0, C.recencyLambda);
    expect(ratio).toBeGreaterThan(0.45);
    expect(ratio).toBeLessThan(0.55);
  });

  it('threshold boundary through decide(): relevance 0.31 stores, 0.29 does not', () => {
    // Only the recency signal is set, so relevance = α · recency exactly.
    const at = (relevance: number) => decideOn({ recency: relevance / C.weights.recency, frequency: 0, entityImportance: 0 });
    expect(at(0.31)).toMatchObject({ store: true, action: 'store' });
    expect(at(0.31).relevance).toBeCloseTo(0.31, 12);
    expect(at(0.29)).toMatchObject({ store: false, action: 'skip', links: [], compression: null });
    expect(at(0.29).relevance).toBeCloseTo(0.29, 12);
  });

  it('each signal is weighted by its own weight (learned weights differ; issue 22 bug 4)', () => {
    const w = { recency: 0.2, frequency: 0.3, entityImportance: 0.5 };
    expect(relevanceScore({ recency: 1, frequency: 0, entityImportance: 0 }, w)).toBe(0.2);
    expect(relevanceScore({ recency: 0, frequency: 1, entityImportance: 0 }, w)).toBe(0.3);
    expect(relevanceScore({ recency: 0, frequency: 0, entityImportance: 1 }, w)).toBe(0.5);
    expect(relevanceScore({ recency: 0.5, frequency: 0.25, entityImportance: 0.75 }, w)).toBeCloseTo(0.1 + 0.075 + 0.375, 12);
    // The same through decide(), as the engine calls it with learned weights.
    expect(decideOn({ recency: 0, frequency: 0, entityImportance: 0.7 }, w)).toMatchObject({ store: true, weights: w });
    expect(decideOn({ recency: 0, frequency: 0.7, entityImportance: 0 }, w).store).toBe(false);
  });
});

describe('behaviour gate 5.2.1: decay per type reaches 50% at its half-life (± 5%)', () => {
  const registry = createTypeRegistry();
  it.each([
    ['task', 7],
    ['preference', 90],
    ['context', 1],
  ])('%s memories at 50%% after %i days', (type, days) => {
    const v = decayedRelevance(1, registry.get(type).halfLifeDays, days);
    expect(Math.abs(v - 0.5)).toBeLessThanOrEqual(0.05 * 0.5);
    expect(v).toBeCloseTo(0.5, 12);
  });

  it('the seed categories map onto types whose half-lives are the seed numbers', () => {
    const halfLife = (category: keyof typeof C.categoryTypes) => registry.get(C.categoryTypes[category]).halfLifeDays;
    expect(halfLife('preference')).toBe(90);
    expect(halfLife('conversation')).toBe(1);
    expect(halfLife('task')).toBe(7);
    expect(halfLife('episodic')).toBe(14);
  });
});

describe('behaviour gate 5.2.2: relevance matches intuition', () => {
  it('recent beats old, all else equal (property over a grid)', () => {
    for (const seen of [0, 1, 5, 20]) for (const refs of [0, 3, 10]) for (const d of [0, 1, 5, 30]) {
      expect(relevance(d, seen, refs)).toBeGreaterThan(relevance(d + 1, seen, refs));
    }
  });

  it('frequent beats rare, important entities beat unknown ones, all else equal', () => {
    for (const d of [0, 3, 30]) {
      expect(relevance(d, 5, 2)).toBeGreaterThan(relevance(d, 1, 2));
      expect(relevance(d, 2, 9)).toBeGreaterThan(relevance(d, 2, 1));
    }
  });

  it('weights sum to 1, also after overrides (renormalised)', () => {
    const w = C.weights;
    expect(w.recency + w.frequency + w.entityImportance).toBeCloseTo(1, 12);
    const o = resolveDecisionConfig({ weights: { recency: 2, frequency: 1, entityImportance: 1 } }).weights;
    expect(o.recency + o.frequency + o.entityImportance).toBeCloseTo(1, 12);
    expect(o.recency).toBeCloseTo(0.5, 12);
  });
});

describe(resolveDecisionConfig.name, () => {
  it('has the seed defaults', () => {
    const c = resolveDecisionConfig();
    expect(c).toMatchObject({ recencyLambda: 0.1, frequencyLambda: 0.3, entityImportanceCap: 10, storageThreshold: 0.3, compressionMinCount: 5, compressionWindowDays: 7 });
    expect(c.weights).toEqual({ recency: 0.4, frequency: 0.3, entityImportance: 0.3 });
  });

  it.each([
    [{ storageThreshold: 1.5 }, /storageThreshold/],
    [{ recencyLambda: -1 }, /recencyLambda/],
    [{ compressionMinCount: 0 }, /compressionMinCount/],
    [{ weights: { recency: 0, frequency: 0, entityImportance: 0 } }, /weights/],
    [{ learning: { minFactor: 2 } }, /minFactor/],
  ])('rejects %j', (o, msg) => {
    expect(() => resolveDecisionConfig(o)).toThrow(msg);
  });
});
