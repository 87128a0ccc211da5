import type { MemoryRecord } from '@engram/memory';
import type { SearchResult } from '../search/search.types.js';
import { fuseScores } from '../search/score-fusion.js';
import { maxRrfScore, semanticScores } from './fusion.js';

// Exact values of the fusion formulas (issue 22: mutants of the arithmetic must change an answer).
const hit = (id: string, extra: Partial<SearchResult>): SearchResult => ({ record: { id } as MemoryRecord, score: 0, ...extra });
const semantic = (cs: { result: SearchResult; semantic: number }[]) => Object.fromEntries(cs.map((c) => [c.result.record.id, c.semantic]));

// The one score fusion (search's, used by memory.retrieve as it is): lists of id → score.
function normalizedFusion(results: SearchResult[], w: { vector: number; keyword: number }) {
  const list = (pick: (r: SearchResult) => number | undefined) => new Map(results.flatMap((r) => (pick(r) === undefined ? [] : [[r.record.id, pick(r) as number] as const])));
  const fused = fuseScores({ vector: { weight: w.vector, scores: list((r) => r.vectorScore) }, keyword: { weight: w.keyword, scores: list((r) => r.keywordScore) } });
  return fused.map((f) => ({ result: results.find((r) => r.record.id === f.id) as SearchResult, semantic: f.score }));
}

describe('normalised fusion, exact', () => {
  const results = [hit('v', { vectorScore: 0.9, keywordScore: 0.1 }), hit('k', { vectorScore: 0.2, keywordScore: 0.8 }), hit('m', { vectorScore: 0.5 })];

  it('min-max normalises each list and averages with the weights; a missing score counts 0', () => {
    const s = semantic(normalizedFusion(results, { vector: 1, keyword: 3 }));
    expect(s.v).toBeCloseTo(0.25, 12); // vector 1, keyword 0
    expect(s.k).toBeCloseTo(0.75, 12); // vector 0, keyword 1
    expect(s.m).toBeCloseTo((0.3 / 0.7) / 4, 12); // vector (0.5-0.2)/(0.9-0.2), keyword missing
  });

  it('a record missing from the vector list scores 0 there and does not disturb the others', () => {
    const s = semantic(normalizedFusion([hit('a', { vectorScore: 0.2 }), hit('b', { vectorScore: 0.6 }), hit('kw', { keywordScore: 0.3 })], { vector: 1, keyword: 1 }));
    expect(s).toEqual({ a: 0, b: 0.5, kw: 0.5 });
  });

  it('a list whose scores are all equal normalises to 1 (not NaN)', () => {
    const s = semantic(normalizedFusion([hit('a', { vectorScore: 0.4 }), hit('b', { vectorScore: 0.4, keywordScore: 0.2 })], { vector: 1, keyword: 1 }));
    expect(s).toEqual({ a: 0.5, b: 1 });
  });

  it('orders by score, then by id for ties', () => {
    const tied = [hit('b', { vectorScore: 0.5 }), hit('a', { vectorScore: 0.5 }), hit('c', { vectorScore: 0.9 })];
    expect(normalizedFusion(tied, { vector: 1, keyword: 1 }).map((c) => c.result.record.id)).toEqual(['c', 'a', 'b']);
    expect(normalizedFusion([...tied].reverse(), { vector: 1, keyword: 1 }).map((c) => c.result.record.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('semantic scores per mode', () => {
  const w = { vector: 0.6, keyword: 0.4 };

  it('the best RRF score is the weight sum over k + 1', () => {
    expect(maxRrfScore(w, 10)).toBeCloseTo(1 / 11, 12);
    expect(maxRrfScore({ vector: 1, keyword: 1 }, 60)).toBeCloseTo(2 / 61, 12);
  });

  it('hybrid RRF: weighted reciprocal ranks of each list over the best possible, in the given order', () => {
    const out = semanticScores([
      hit('vec', { score: 9, vectorRank: 1 }), hit('both', { vectorRank: 1, keywordRank: 1 }), hit('kw2', { keywordRank: 2 }), hit('none', { score: 0.7 }),
    ], 'hybrid', 'rrf', w, 60);
    expect(out.map((c) => c.result.record.id)).toEqual(['vec', 'both', 'kw2', 'none']);
    expect(semantic(out)).toEqual({
      vec: expect.closeTo(0.6, 12), both: expect.closeTo(1, 12), kw2: expect.closeTo((0.4 / 62) / (1 / 61), 12), none: 0,
    });
  });

  it('hybrid normalised takes the fused score of search as it is (fused once), clamped to [0, 1]', () => {
    const out = semanticScores([hit('a', { score: 0.9, vectorScore: 0.1 }), hit('b', { score: 0, vectorScore: 0.3 }), hit('c', { score: 1.3 })], 'hybrid', 'normalized', w, 60);
    expect(out.map((c) => [c.result.record.id, c.semantic])).toEqual([['a', 0.9], ['b', 0], ['c', 1]]);
  });

  it('vector and keyword modes keep the raw score, clamped, whatever the fusion setting', () => {
    for (const mode of ['vector', 'keyword'] as const) {
      const out = semanticScores([hit('a', { score: 0.42, vectorScore: 0.1, keywordScore: 0.1 }), hit('b', { score: -0.2 })], mode, 'normalized', w, 60);
      expect(semantic(out)).toEqual({ a: 0.42, b: 0 });
    }
  });
});
