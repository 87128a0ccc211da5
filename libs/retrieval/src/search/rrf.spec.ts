import { DEFAULT_RRF_K, fuseRrf } from './rrf.js';

describe(fuseRrf.name, () => {
  it('applies score = Σ w / (k + rank) over the lists containing the id', () => {
    const fused = fuseRrf({ vector: { weight: 0.6, ids: ['a', 'b'] }, keyword: { weight: 0.4, ids: ['b', 'c'] } });
    const byId = Object.fromEntries(fused.map((e) => [e.id, e]));
    expect(byId.a?.score).toBeCloseTo(0.6 / 61, 12);
    expect(byId.b?.score).toBeCloseTo(0.6 / 62 + 0.4 / 61, 12);
    expect(byId.c?.score).toBeCloseTo(0.4 / 62, 12);
    expect(byId.b?.ranks).toEqual({ vector: 2, keyword: 1 });
    expect(byId.a?.ranks).toEqual({ vector: 1 });
    expect(fused.map((e) => e.id)).toEqual(['b', 'a', 'c']);
  });

  it('lets the weights decide the order: 0.9/0.1 favours the vector list, 0.1/0.9 the keyword list', () => {
    const lists = (wv: number, wk: number) =>
      fuseRrf({ vector: { weight: wv, ids: ['a', 'b', 'v'] }, keyword: { weight: wk, ids: ['b', 'a', 'k'] } });
    const vectorHeavy = lists(0.9, 0.1).map((e) => e.id);
    const keywordHeavy = lists(0.1, 0.9).map((e) => e.id);
    expect(vectorHeavy).toEqual(['a', 'b', 'v', 'k']);
    expect(keywordHeavy).toEqual(['b', 'a', 'k', 'v']);
  });

  it('rewards agreement: an id in both lists beats ids ranked first in only one, at equal weights', () => {
    const fused = fuseRrf({ vector: { weight: 0.5, ids: ['a', 'both'] }, keyword: { weight: 0.5, ids: ['b', 'both'] } });
    expect(fused[0]?.id).toBe('both');
  });

  it('uses k = 60 by default and honours a custom k', () => {
    expect(DEFAULT_RRF_K).toBe(60);
    expect(fuseRrf({ only: { weight: 1, ids: ['x'] } }, 0)[0]?.score).toBe(1);
    expect(fuseRrf({ only: { weight: 1, ids: ['x'] } })[0]?.score).toBeCloseTo(1 / 61, 12);
  });

  it('counts a repeated id only at its first rank and breaks ties deterministically', () => {
    const fused = fuseRrf({ a: { weight: 1, ids: ['x', 'x', 'y'] }, b: { weight: 1, ids: ['y', 'x'] } });
    const x = fused.find((e) => e.id === 'x');
    expect(x?.ranks).toEqual({ a: 1, b: 2 });
    expect(fused.map((e) => e.id)).toEqual(['x', 'y']);
    const tie = fuseRrf({ a: { weight: 1, ids: ['m'] }, b: { weight: 1, ids: ['l'] } });
    expect(tie.map((e) => e.id)).toEqual(['l', 'm']);
  });

  it('returns nothing for empty lists and rejects a negative k', () => {
    expect(fuseRrf({ vector: { weight: 1, ids: [] }, keyword: { weight: 1, ids: [] } })).toEqual([]);
    expect(() => fuseRrf({ a: { weight: 1, ids: ['x'] } }, -1)).toThrow(RangeError);
  });
});
