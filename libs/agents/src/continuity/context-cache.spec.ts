import { PrdContextCache } from './context-cache.js';
import { fitContextToBudget, type PrdContext } from './prd-context.js';
import { emptyProgress } from './prd-model.js';

function context(id: string, revision: number, events = 0): PrdContext {
  return {
    execution: {
      id, scope: 'global', ref: 'docs/prd.md', hash: null, title: 'PRD', status: 'in_progress', revision, eventCount: events,
      createdAt: '2026-11-23T00:00:00.000Z', updatedAt: '2026-11-23T00:00:00.000Z', completedAt: null, compactedAt: null,
    },
    progress: emptyProgress(['R1']),
    recentEvents: Array.from({ length: events }, (_, i) => ({
      id: `e${i}`, seq: i + 1, type: 'test_passed', requirementId: 'R1', summary: `test run ${i} passed with a long explanation of what ran`, agentId: null,
      occurredAt: '2026-11-23T00:00:00.000Z',
    })),
    decisions: [],
    blockers: [],
    learnings: [],
    narrative: null,
  };
}

describe('PrdContextCache', () => {
  it('serves an entry only for the revision it was built at', () => {
    const cache = new PrdContextCache(10);
    cache.set('p1', 'v', context('p1', 3));
    expect(cache.get('p1', 'v', 3)?.execution.revision).toBe(3);
    expect(cache.get('p1', 'v', 4)).toBeUndefined();
    expect(cache.get('p1', 'other', 3)).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('invalidates every view of one execution and stays bounded', () => {
    const cache = new PrdContextCache(2);
    cache.set('p1', 'a', context('p1', 1));
    cache.set('p1', 'b', context('p1', 1));
    cache.set('p2', 'a', context('p2', 1));
    expect(cache.size).toBe(2);
    cache.invalidate('p1');
    expect(cache.get('p1', 'b', 1)).toBeUndefined();
    expect(cache.get('p2', 'a', 1)).toBeDefined();
  });
});

describe('fitContextToBudget', () => {
  it('drops the oldest events first, reports what it cut, and leaves the cached input intact', () => {
    const full = context('p1', 1, 60);
    const fitted = fitContextToBudget(full, 1000);
    expect(fitted.tokens).toBeLessThanOrEqual(1000);
    expect(fitted.truncated?.recentEvents).toBeGreaterThan(0);
    expect(fitted.recentEvents.at(-1)?.seq).toBe(60);
    expect(full.recentEvents).toHaveLength(60);
    expect(fitContextToBudget(full, 100_000).truncated).toBeUndefined();
  });
});
