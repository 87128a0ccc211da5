import { termWeights } from './text-scoring.js';

describe('term weights of the extractive summariser', () => {
  it('counts a repeated topic word sublinearly, so one named thing still weighs (issue 37)', () => {
    const w = termWeights([['adoption', 'adoption', 'adoption', 'adoption'], ['sweden']]);
    const ratio = (w.get('adoption') ?? 0) / (w.get('sweden') ?? 1);
    expect(ratio).toBeCloseTo(1 + Math.log(4));
    expect(ratio).toBeLessThan(4);
  });
});
