import { DEFAULT_DECISION_CONFIG as C } from '../decision/decision-config.js';
import { updateUsefulness, updateWeights, weightDrift } from './learning-rules.js';

const L = C.learning;

describe(updateWeights.name, () => {
  it('success moves weights toward the used memory\'s signal profile, failure away; always summing to 1', () => {
    const s = { recency: 0.1, frequency: 0.9, entityImportance: 0.5 };
    const up = updateWeights(C.weights, s, 'success', L);
    const down = updateWeights(C.weights, s, 'failure', L);
    expect(up.frequency).toBeGreaterThan(C.weights.frequency);
    expect(down.frequency).toBeLessThan(C.weights.frequency);
    for (const w of [up, down]) expect(w.recency + w.frequency + w.entityImportance).toBeCloseTo(1, 12);
  });

  it('stays bounded and normalised under any feedback sequence (property)', () => {
    let seed = 3;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let w = C.weights;
    for (let i = 0; i < 2000; i++) {
      w = updateWeights(w, { recency: rnd(), frequency: rnd() * rnd(), entityImportance: rnd() > 0.9 ? 1 : 0 }, rnd() > 0.3 ? 'success' : 'failure', L);
      expect(w.recency + w.frequency + w.entityImportance).toBeCloseTo(1, 9);
      for (const v of [w.recency, w.frequency, w.entityImportance]) {
        expect(v).toBeGreaterThanOrEqual(L.minWeight - 1e-9);
        expect(v).toBeLessThanOrEqual(L.maxWeight + 1e-9);
      }
    }
    expect(weightDrift(w, C.weights)).toBeGreaterThan(0);
  });

  it('ignores memories without signals', () => {
    expect(updateWeights(C.weights, { recency: 0, frequency: 0, entityImportance: 0 }, 'success', L)).toBe(C.weights);
  });
});

describe(updateUsefulness.name, () => {
  it('success slows decay (factor up), failure speeds it (down), within bounds', () => {
    expect(updateUsefulness(1, 'success', L)).toBeCloseTo(1.25, 12);
    expect(updateUsefulness(1, 'failure', L)).toBeCloseTo(0.9, 12);
    let f = 1;
    for (let i = 0; i < 50; i++) f = updateUsefulness(f, 'success', L);
    expect(f).toBe(L.maxFactor);
    for (let i = 0; i < 100; i++) f = updateUsefulness(f, 'failure', L);
    expect(f).toBe(L.minFactor);
  });
});
