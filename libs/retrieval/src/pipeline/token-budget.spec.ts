import type { RetrievedMemory } from './retrieve.types.js';
import { estimateTokens, fitToTokenBudget } from './token-budget.js';

function memory(id: string, content: string, metadataSize = 0): RetrievedMemory {
  return {
    form: 'full', id, type: 'fact', memoryClass: 'semantic', content, metadata: metadataSize ? { note: 'm'.repeat(metadataSize) } : {},
    tags: [], scope: 'global', version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    validFrom: '2026-01-01T00:00:00.000Z', validTo: null, trust: 'user',
    provenance: { sourceType: 'test', sourceId: null, trust: 'user', version: 1, gateRequestId: 'g', recordedAt: null },
    confidence: 0.9, scores: { final: 0.9, semantic: 0.9, recency: 1, access: 0, effectiveConfidence: 1 },
    citation: { id, type: 'fact', excerpt: content.slice(0, 200), createdAt: '2026-01-01T00:00:00.000Z', confidence: 0.9, url: `memory://${id}` },
    issues: [], quoted: `> ${content}`,
  };
}

describe(fitToTokenBudget.name, () => {
  it('delivers everything in full when it fits', () => {
    const ranked = [memory('a', 'alpha'), memory('b', 'beta')];
    const { delivered, report } = fitToTokenBudget(ranked, 10_000);
    expect(delivered.map((d) => d.form)).toEqual(['full', 'full']);
    expect(report).toMatchObject({ tokenBudgetExceeded: false, excludedCount: 0 });
    expect(report.usedTokens).toBe(estimateTokens(ranked[0]) + estimateTokens(ranked[1]));
  });

  it('degrades full → content only → truncated, and never exceeds the budget', () => {
    const ranked = [memory('a', 'a'.repeat(200)), memory('b', 'b'.repeat(200), 2000), memory('c', 'c'.repeat(400)), memory('d', 'd'.repeat(4000)), memory('e', 'e')];
    const budget = estimateTokens(ranked[0]) + 400;
    const { delivered, report } = fitToTokenBudget(ranked, budget);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['b', 'content'], ['c', 'content'], ['d', 'truncated']]);
    expect(delivered.reduce((n, d) => n + estimateTokens(d), 0)).toBeLessThanOrEqual(budget);
    expect(report).toMatchObject({ tokenBudgetExceeded: true, excludedCount: 1, contentOnlyCount: 2, truncatedCount: 1 });
    expect(report.usedTokens).toBeLessThanOrEqual(budget);
    expect(delivered[3]?.content.endsWith('…')).toBe(true);
  });

  it('once one result is cut to content only, no later result comes back in full (issue 22 bug 2)', () => {
    const ranked = [memory('a', 'alpha'), memory('b', 'beta', 3000), memory('c', 'gamma'), memory('d', 'delta')];
    // Room for a in full, b cut to content, and c and d even in full: the order still says content only.
    const budget = estimateTokens(ranked[0]) + estimateTokens(ranked[2]) + estimateTokens(ranked[3]) + 200;
    expect(estimateTokens(ranked[0]) + estimateTokens(ranked[1])).toBeGreaterThan(budget);
    const { delivered, report } = fitToTokenBudget(ranked, budget);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['b', 'content'], ['c', 'content'], ['d', 'content']]);
    expect(report).toMatchObject({ tokenBudgetExceeded: true, excludedCount: 0, contentOnlyCount: 3, truncatedCount: 0 });
    expect(report.usedTokens).toBe(delivered.reduce((n, d) => n + estimateTokens(d), 0));
  });

  it('excludes what does not fit at all and says how many', () => {
    const ranked = [memory('a', 'x'.repeat(2000)), memory('b', 'y'.repeat(2000))];
    const { delivered, report } = fitToTokenBudget(ranked, 50);
    expect(report.usedTokens).toBeLessThanOrEqual(50);
    expect(report.tokenBudgetExceeded).toBe(true);
    expect(report.excludedCount).toBe(ranked.length - delivered.length);
    expect(report.excludedCount).toBeGreaterThanOrEqual(1);
  });
});
