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

  it('normalises against a fixed depth, so a longer list does not reorder the top', () => {
    const vector = new Map([['a', 0.9], ['b', 0.8], ['c', 0.7]]);
    const keyword = new Map([['b', 0.9], ['a', 0.5], ['c', 0.45]]);
    const top = (v: Map<string, number>, k: Map<string, number>) => fuseScores({ vector: { weight: 0.5, scores: v }, keyword: { weight: 0.5, scores: k } }, 3).map((f) => f.id);
    expect(top(vector, keyword)).toEqual(['b', 'a', 'c']);
    // Deeper lists (more, weaker hits) leave the order and the scores of the top alone.
    const deeper = (m: Map<string, number>, low: number) => new Map([...m, ['x', low], ['y', low / 2]]);
    const fused = fuseScores({ vector: { weight: 0.5, scores: deeper(vector, 0.1) }, keyword: { weight: 0.5, scores: deeper(keyword, 0.05) } }, 3);
    expect(fused.slice(0, 3).map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(fused.find((f) => f.id === 'x')?.score).toBe(0);
  });
});
