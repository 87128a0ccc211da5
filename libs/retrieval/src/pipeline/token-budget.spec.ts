import type { RetrievedMemory } from './retrieve.types.js';
import { estimateJsonTokens, fitToTokenBudget } from './token-budget.js';

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
    expect(report.usedTokens).toBe(estimateJsonTokens(ranked[0]) + estimateJsonTokens(ranked[1]));
  });

  it('degrades full → content only → truncated, and never exceeds the budget', () => {
    const ranked = [memory('a', 'a'.repeat(200)), memory('b', 'b'.repeat(200), 2000), memory('c', 'c'.repeat(400)), memory('d', 'd'.repeat(4000)), memory('e', 'e')];
    const budget = estimateJsonTokens(ranked[0]) + 400;
    const { delivered, report } = fitToTokenBudget(ranked, budget);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['b', 'content'], ['c', 'content'], ['d', 'truncated']]);
    expect(delivered.reduce((n, d) => n + estimateJsonTokens(d), 0)).toBeLessThanOrEqual(budget);
    expect(report).toMatchObject({ tokenBudgetExceeded: true, excludedCount: 1, contentOnlyCount: 2, truncatedCount: 1 });
    expect(report.usedTokens).toBeLessThanOrEqual(budget);
    expect(delivered[3]?.content.endsWith('…')).toBe(true);
  });

  it('once one result is cut to content only, no later result comes back in full (issue 22 bug 2)', () => {
    const ranked = [memory('a', 'alpha'), memory('b', 'beta', 3000), memory('c', 'gamma'), memory('d', 'delta')];
    // Room for a in full, b cut to content, and c and d even in full: the order still says content only.
    const budget = estimateJsonTokens(ranked[0]) + estimateJsonTokens(ranked[2]) + estimateJsonTokens(ranked[3]) + 200;
    expect(estimateJsonTokens(ranked[0]) + estimateJsonTokens(ranked[1])).toBeGreaterThan(budget);
    const { delivered, report } = fitToTokenBudget(ranked, budget);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['b', 'content'], ['c', 'content'], ['d', 'content']]);
    expect(report).toMatchObject({ tokenBudgetExceeded: true, excludedCount: 0, contentOnlyCount: 3, truncatedCount: 0 });
    expect(report.usedTokens).toBe(delivered.reduce((n, d) => n + estimateJsonTokens(d), 0));
  });

  it('excludes what does not fit at all and says how many', () => {
    const ranked = [memory('a', 'x'.repeat(2000)), memory('b', 'y'.repeat(2000))];
    const { delivered, report } = fitToTokenBudget(ranked, 50);
    expect(report.usedTokens).toBeLessThanOrEqual(50);
    expect(report.tokenBudgetExceeded).toBe(true);
    expect(report.excludedCount).toBe(ranked.length - delivered.length);
    expect(report.excludedCount).toBeGreaterThanOrEqual(1);
  });

  it('fits exactly at the budget: a result that ends exactly on it stays in full', () => {
    const ranked = [memory('a', 'alpha'), memory('b', 'beta')];
    const exact = estimateJsonTokens(ranked[0]) + estimateJsonTokens(ranked[1]);
    expect(fitToTokenBudget(ranked, exact).delivered.map((d) => d.form)).toEqual(['full', 'full']);
    expect(fitToTokenBudget(ranked, exact).report).toMatchObject({ usedTokens: exact, tokenBudgetExceeded: false, contentOnlyCount: 0 });
    expect(fitToTokenBudget(ranked, exact - 1).delivered.map((d) => d.form)).toEqual(['full', 'content']);
  });

  it('a content-only result carries id, type, content, trust, confidence, url and issue codes only', () => {
    const big: RetrievedMemory = { ...memory('b', 'beta', 3000), issues: [{ code: 'contradicted', message: 'see a' }] };
    const { delivered } = fitToTokenBudget([big], estimateJsonTokens(big) - 1);
    expect(delivered).toEqual([{ form: 'content', id: 'b', type: 'fact', content: 'beta', trust: 'user', confidence: 0.9, url: 'memory://b', issues: ['contradicted'] }]);
  });

  it('cuts the first result that does not fit even as content to exactly the space left, then stops', () => {
    const long = memory('d', 'd'.repeat(4000));
    const skeleton = { form: 'truncated', id: 'd', type: 'fact', content: '', trust: 'user', confidence: 0.9, url: 'memory://d', issues: [] };
    const budget = 100;
    const { delivered, report } = fitToTokenBudget([long, memory('e', 'e')], budget);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['d', 'truncated']]);
    const kept = (budget - estimateJsonTokens(skeleton)) * 4 - 8;
    expect(delivered[0]?.content).toBe(`${'d'.repeat(kept)}…`);
    expect(report).toMatchObject({ usedTokens: estimateJsonTokens(delivered[0]), excludedCount: 1, truncatedCount: 1, contentOnlyCount: 0, tokenBudgetExceeded: true });
    expect(report.usedTokens).toBeLessThanOrEqual(budget);
  });

  it('sends no cut when fewer than 16 characters of content would fit', () => {
    const long = memory('d', 'd'.repeat(4000));
    const skeleton = estimateJsonTokens({ form: 'truncated', id: 'd', type: 'fact', content: '', trust: 'user', confidence: 0.9, url: 'memory://d', issues: [] });
    // (free - skeleton) * 4 - 8 = 12 characters: too little to be worth sending.
    expect(fitToTokenBudget([long], skeleton + 5).delivered).toEqual([]);
    // 16 characters: sent.
    expect(fitToTokenBudget([long], skeleton + 6).delivered[0]?.content).toBe(`${'d'.repeat(16)}…`);
    expect(fitToTokenBudget([long], 23).report).toMatchObject({ usedTokens: 0, excludedCount: 1, tokenBudgetExceeded: true });
  });

  it('estimates tokens as a quarter of the JSON length, rounded up', () => {
    expect(estimateJsonTokens('')).toBe(1); // '""' is 2 characters
    expect(estimateJsonTokens('abcdef')).toBe(2); // 8 characters
    expect(estimateJsonTokens('abcdefg')).toBe(3); // 9 characters
  });

  it('a content-only result that ends exactly on the budget is kept', () => {
    const ranked = [memory('a', 'alpha'), memory('b', 'beta', 3000)];
    const lean = estimateJsonTokens({ form: 'content', id: 'b', type: 'fact', content: 'beta', trust: 'user', confidence: 0.9, url: 'memory://b', issues: [] });
    const { delivered, report } = fitToTokenBudget(ranked, estimateJsonTokens(ranked[0]) + lean);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['b', 'content']]);
    expect(report).toMatchObject({ excludedCount: 0, contentOnlyCount: 1, usedTokens: estimateJsonTokens(ranked[0]) + lean });
  });

  it('a cut last result counts as exceeding the budget even when nothing is excluded', () => {
    const ranked = [memory('a', 'alpha'), memory('d', 'd'.repeat(4000))];
    const { delivered, report } = fitToTokenBudget(ranked, estimateJsonTokens(ranked[0]) + 60);
    expect(delivered.map((d) => [d.id, d.form])).toEqual([['a', 'full'], ['d', 'truncated']]);
    expect(report).toMatchObject({ excludedCount: 0, contentOnlyCount: 0, truncatedCount: 1, tokenBudgetExceeded: true });
  });
});

