import { fuseScores } from './score-fusion.js';

describe('score fusion', () => {
  it('combines min-max normalised scores; a hit missing from a list scores 0 there', () => {
    const fused = fuseScores({
      vector: { weight: 0.5, scores: new Map([['a', 0.62], ['b', 0.6], ['c', 0.3]]) },
      keyword: { weight: 0.5, scores: new Map([['b', 0.9], ['d', 0.1]]) },
    });
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(fused[0]?.score).toBeCloseTo(0.5 * (0.3 / 0.32) + 0.5, 10);
    expect(fused.every((f) => f.score >= 0 && f.score <= 1)).toBe(true);
  });

  it('weights decide between lists, and equal inputs give the same order', () => {
    const lists = (wv: number) => ({
      vector: { weight: wv, scores: new Map([['v', 1], ['k', 0]]) },
      keyword: { weight: 1 - wv, scores: new Map([['k', 1], ['v', 0]]) },
    });
    expect(fuseScores(lists(0.9))[0]?.id).toBe('v');
    expect(fuseScores(lists(0.1))[0]?.id).toBe('k');
    expect(fuseScores(lists(0.5)).map((f) => f.id)).toEqual(['k', 'v']);
  });
});
