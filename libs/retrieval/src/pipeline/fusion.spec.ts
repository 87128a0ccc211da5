import type { MemoryRecord } from '@engram/memory';
import type { SearchResult } from '../search/search.types.js';
import { maxRrfScore, normalizedFusion, semanticScores } from './fusion.js';

const hit = (id: string, extra: Partial<SearchResult>): SearchResult => ({ record: { id } as MemoryRecord, score: 0, ...extra });

describe('fusion', () => {
  it('maps RRF scores onto [0, 1] by the best possible score', () => {
    const w = { vector: 0.6, keyword: 0.4 };
    expect(maxRrfScore(w)).toBeCloseTo(1 / 61, 12);
    const [top] = semanticScores([hit('a', { score: 1 / 61 })], 'hybrid', 'rrf', w, 60);
    expect(top?.semantic).toBeCloseTo(1, 10);
  });

  it('normalised fusion: weighted average of min-max scores; weights decide the order', () => {
    const results = [
      hit('v', { vectorScore: 0.9, keywordScore: 0.1 }),
      hit('k', { vectorScore: 0.2, keywordScore: 0.8 }),
      hit('m', { vectorScore: 0.5 }),
    ];
    expect(normalizedFusion(results, { vector: 0.9, keyword: 0.1 }).map((c) => c.result.record.id)).toEqual(['v', 'm', 'k']);
    expect(normalizedFusion(results, { vector: 0.1, keyword: 0.9 }).map((c) => c.result.record.id)).toEqual(['k', 'v', 'm']);
    const top = normalizedFusion(results, { vector: 1, keyword: 1 })[0];
    expect(top?.semantic).toBeLessThanOrEqual(1);
  });

  it('single modes keep their own score, clamped to [0, 1]', () => {
    expect(semanticScores([hit('x', { score: 1.2 })], 'vector', 'rrf', { vector: 1, keyword: 0 }, 60)[0]?.semantic).toBe(1);
    expect(semanticScores([hit('x', { score: 0.3 })], 'keyword', 'normalized', { vector: 1, keyword: 1 }, 60)[0]?.semantic).toBe(0.3);
  });
});
