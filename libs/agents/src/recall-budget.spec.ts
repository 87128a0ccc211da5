import { estimateTokens, fitToBudget, type RecallItem } from './recall-budget.js';

function item(n: number, metadataSize = 0): RecallItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'fact',
    content: `memory number ${n}`,
    scope: 'global',
    tags: [],
    score: 1 / (n + 1),
    confidence: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    metadata: { blob: 'x'.repeat(metadataSize) },
  };
}

describe('fitToBudget', () => {
  it('keeps everything when the budget is large', () => {
    const ranked = [item(1), item(2), item(3)];
    const out = fitToBudget(ranked, 10_000);
    expect(out.items).toEqual(ranked);
    expect(out.truncated).toBe(false);
    expect(out.total).toBe(3);
  });

  it('drops metadata of lower-ranked items before cutting the list', () => {
    const ranked = [item(1, 400), item(2, 400), item(3, 400)];
    const budget = estimateTokens(ranked[0]) + 2 * estimateTokens({ ...ranked[1], metadata: undefined }) + 5;
    const out = fitToBudget(ranked, budget);
    expect(out.items).toHaveLength(3);
    expect(out.items[0]?.metadata).toBeDefined();
    expect(out.items[1]?.metadata).toBeUndefined();
    expect(out.items[2]?.metadata).toBeUndefined();
    expect(out.tokens).toBeLessThanOrEqual(budget);
  });

  it('truncates and reports the total when even lean items do not fit', () => {
    const ranked = [item(1), item(2), item(3), item(4)];
    const out = fitToBudget(ranked, estimateTokens(ranked[0]) + 1);
    expect(out.items).toHaveLength(1);
    expect(out.truncated).toBe(true);
    expect(out.total).toBe(4);
  });
});
