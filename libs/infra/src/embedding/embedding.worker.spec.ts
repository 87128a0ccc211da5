import { l2NormalizeRows, poolHiddenStates, runsWithinTokenBudget } from './embedding.worker.js';

// hidden states for batch 2, seqLen 3, dim 2; row 1 has one padding token at the end.
const hidden = new Float32Array([1, 2, 3, 4, 5, 6, /* row 1 */ 10, 0, 20, 0, 99, 99]);
const mask = new BigInt64Array([1n, 1n, 1n, 1n, 1n, 0n]);

describe('poolHiddenStates', () => {
  it('averages only the tokens the attention mask keeps', () => {
    expect(Array.from(poolHiddenStates(hidden, mask, 2, 3, 'mean'))).toEqual([3, 4, 15, 0]);
  });

  it('takes the first token for cls pooling', () => {
    expect(Array.from(poolHiddenStates(hidden, mask, 2, 3, 'cls'))).toEqual([1, 2, 10, 0]);
  });

  it('returns zeros rather than NaN for a row without tokens', () => {
    const pooled = poolHiddenStates(new Float32Array([5, 5]), new BigInt64Array([0n]), 1, 1, 'mean');
    expect(Array.from(pooled)).toEqual([0, 0]);
  });
});

describe('l2NormalizeRows', () => {
  it('scales each row to unit length independently', () => {
    const rows = Array.from(l2NormalizeRows(new Float32Array([3, 4, 0, 2]), 2));
    [0.6, 0.8, 0, 1].forEach((expected, i) => expect(rows[i]).toBeCloseTo(expected, 6));
  });

  it('leaves a zero row at zero', () => {
    expect(Array.from(l2NormalizeRows(new Float32Array([0, 0]), 2))).toEqual([0, 0]);
  });
});

describe('runsWithinTokenBudget', () => {
  it('keeps short rows in one run and splits long ones so rows × longest stays within the budget', () => {
    expect(runsWithinTokenBudget(Array(32).fill(40), 2048)).toEqual([[0, 32]]);
    expect(runsWithinTokenBudget(Array(32).fill(256), 2048)).toEqual([[0, 8], [8, 16], [16, 24], [24, 32]]);
    // Sorted by length as the provider sends them: the short ones share a run, the long ones split.
    expect(runsWithinTokenBudget([10, 10, 10, 500, 1000, 1000], 2048)).toEqual([[0, 4], [4, 6]]);
  });

  it('runs a row longer than the budget alone, and handles nothing', () => {
    expect(runsWithinTokenBudget([10, 5000, 10], 2048)).toEqual([[0, 1], [1, 2], [2, 3]]);
    expect(runsWithinTokenBudget([], 2048)).toEqual([]);
  });
});
