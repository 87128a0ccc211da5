import { mean, ndcgAt, recallAt, reciprocalRank, scoreQuery } from './metrics.js';

describe('ranking metrics (hand-computed)', () => {
  const relevant = { a: 3, b: 1 };

  it('recall@k counts the relevant records found in the first k', () => {
    expect(recallAt(['a', 'x', 'b'], relevant, 1)).toBe(0.5);
    expect(recallAt(['a', 'x', 'b'], relevant, 2)).toBe(0.5);
    expect(recallAt(['a', 'x', 'b'], relevant, 3)).toBe(1);
    expect(recallAt(['x', 'y'], relevant, 10)).toBe(0);
    expect(recallAt(['a'], {}, 10)).toBe(0);
  });

  it('nDCG@3 of [a, x, b] with a=3, b=1: (7 + 1/2) / (7 + 1/log2 3) = 0.98284', () => {
    expect(ndcgAt(['a', 'x', 'b'], relevant, 3)).toBeCloseTo(7.5 / (7 + 1 / Math.log2(3)), 10);
    expect(ndcgAt(['a', 'x', 'b'], relevant, 3)).toBeCloseTo(0.98284, 5);
  });

  it('nDCG is 1 for the ideal order, lower for the reverse, 0 with nothing relevant', () => {
    expect(ndcgAt(['a', 'b'], relevant, 10)).toBe(1);
    // [b, a]: (1 + 7/log2 3) / (7 + 1/log2 3) = 5.41650 / 7.63093 = 0.70981
    expect(ndcgAt(['b', 'a'], relevant, 10)).toBeCloseTo(0.70981, 5);
    expect(ndcgAt(['x'], relevant, 10)).toBe(0);
    expect(ndcgAt(['a'], {}, 10)).toBe(0);
  });

  it('nDCG counts a repeated key once and stops at k', () => {
    expect(ndcgAt(['a', 'a', 'b'], relevant, 10)).toBeCloseTo((7 + 1 / 2) / (7 + 1 / Math.log2(3)), 10);
    expect(ndcgAt(['x', 'a'], relevant, 1)).toBe(0);
  });

  it('reciprocal rank is 1/rank of the first relevant hit within k', () => {
    expect(reciprocalRank(['a', 'b'], relevant, 10)).toBe(1);
    expect(reciprocalRank(['x', 'y', 'b'], relevant, 10)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(['x', 'y', 'b'], relevant, 2)).toBe(0);
  });

  it('scoreQuery bundles the four scores; mean averages them', () => {
    expect(scoreQuery(['x', 'b', 'a'], relevant)).toEqual({ recall5: 1, recall10: 1, ndcg10: expect.closeTo((1 / Math.log2(3) + 7 / 2) / (7 + 1 / Math.log2(3)), 10), rr: 0.5 });
    expect(mean([1, 0, 0.5])).toBe(0.5);
    expect(mean([])).toBe(0);
  });
});
