import type { MemoryRecord } from '@engram/memory';
import type { SearchResult } from '../search/search.types.js';
import { fuseScores } from '../search/score-fusion.js';
import { maxRrfScore, semanticScores } from './fusion.js';
import { blendScore, DEFAULT_RANKING_WEIGHTS, recencyScore } from './ranking.js';
import { DEFAULT_RETRIEVAL_DEFAULTS } from './retrieve-query.js';

const hit = (id: string, extra: Partial<SearchResult>): SearchResult => ({ record: { id } as MemoryRecord, score: 0, ...extra });

describe('fusion', () => {
  it('maps RRF scores (from list ranks) onto [0, 1] by the best possible score', () => {
    const w = { vector: 0.6, keyword: 0.4 };
    expect(maxRrfScore(w)).toBeCloseTo(1 / 61, 12);
    const [top, second] = semanticScores([hit('a', { vectorRank: 1, keywordRank: 1 }), hit('b', { keywordRank: 2 })], 'hybrid', 'rrf', w, 60);
    expect(top?.semantic).toBeCloseTo(1, 10);
    expect(second?.semantic).toBeCloseTo((0.4 / 62) * 61, 10);
  });

  it('single modes keep their own score, clamped to [0, 1]', () => {
    expect(semanticScores([hit('x', { score: 1.2 })], 'vector', 'rrf', { vector: 1, keyword: 0 }, 60)[0]?.semantic).toBe(1);
    expect(semanticScores([hit('x', { score: 0.3 })], 'keyword', 'normalized', { vector: 1, keyword: 1 }, 60)[0]?.semantic).toBe(0.3);
  });
});

describe('fusion blended with the default ranking signals', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-11-23T00:00:00Z');
  const w = DEFAULT_RETRIEVAL_DEFAULTS.weights;
  // The answer ranks first in both lists but is 200 days old; a weak look-alike from last week is
  // 5th/8th. One more vector-only hit gives the min-max ranges their floor.
  const results = [
    hit('answer', { score: w.vector / 61 + w.keyword / 61, vectorScore: 0.8, keywordScore: 0.5, vectorRank: 1, keywordRank: 1 }),
    hit('lookalike', { score: w.vector / 65 + w.keyword / 68, vectorScore: 0.35, keywordScore: 0.05, vectorRank: 5, keywordRank: 8 }),
    hit('filler', { score: w.vector / 80, vectorScore: 0.25, vectorRank: 20 }),
  ];
  const age: Record<string, number> = { answer: 200, lookalike: 5, filler: 30 };
  // What memory.search hands the pipeline: RRF from the ranks, or its min-max fused score.
  const list = (pick: (r: SearchResult) => number | undefined) => new Map(results.flatMap((r) => (pick(r) === undefined ? [] : [[r.record.id, pick(r) as number] as const])));
  const fused = new Map(fuseScores({ vector: { weight: w.vector, scores: list((r) => r.vectorScore) }, keyword: { weight: w.keyword, scores: list((r) => r.keywordScore) } }).map((f) => [f.id, f.score]));
  const scored = (fusion: 'rrf' | 'normalized') => (fusion === 'rrf' ? results : results.map((r) => ({ ...r, score: fused.get(r.record.id) ?? 0 })));
  const order = (fusion: 'rrf' | 'normalized') => semanticScores(scored(fusion), 'hybrid', fusion, w, 60)
    .map((c) => ({ id: c.result.record.id, final: blendScore({ semantic: c.semantic, recency: recencyScore(new Date(now.getTime() - (age[c.result.record.id] ?? 0) * DAY), now), access: 0, effectiveConfidence: 1 }, DEFAULT_RANKING_WEIGHTS) }))
    .sort((a, b) => b.final - a.final)
    .map((c) => c.id);

  it('RRF scores are too compressed: recency lifts the weak recent look-alike over the answer', () => {
    expect(order('rrf')[0]).toBe('lookalike');
  });

  it('normalised fusion keeps the answer first, which is why it is the pipeline default', () => {
    expect(DEFAULT_RETRIEVAL_DEFAULTS.fusion).toBe('normalized');
    expect(order('normalized')).toEqual(['answer', 'lookalike', 'filler']);
  });
});
