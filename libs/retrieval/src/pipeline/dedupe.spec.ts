import { collapseNearDuplicates, cosineSimilarity } from './dedupe.js';

describe(collapseNearDuplicates.name, () => {
  it('computes cosine similarity', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });

  it('keeps the more confident of two near-identical items, at the better rank', () => {
    const ranked = [
      { id: 'a', content: 'a', embedding: [1, 0, 0], contentHash: 'ha', confidence: 0.5 },
      { id: 'b', content: 'b', embedding: [0, 1, 0], contentHash: 'hb', confidence: 0.9 },
      { id: 'a2', content: 'a2', embedding: [0.99, 0.05, 0], contentHash: 'ha2', confidence: 0.8 },
      { id: 'c', content: 'c', embedding: [0.9, 0.43, 0], contentHash: 'hc', confidence: 1 },
    ];
    const { kept, dropped } = collapseNearDuplicates(ranked);
    expect(kept.map((k) => k.id)).toEqual(['a2', 'b', 'c']);
    expect(dropped).toEqual([{ id: 'a', keptId: 'a2' }]);
  });

  it('never collapses records the distinct check says differ (contradictions)', () => {
    const ranked = [
      { id: 'yes', content: 'we use X', embedding: [1, 0], contentHash: 'h1', confidence: 0.5 },
      { id: 'no', content: 'we do not use X', embedding: [1, 0.01], contentHash: 'h2', confidence: 0.9 },
    ];
    expect(collapseNearDuplicates(ranked).kept.map((k) => k.id)).toEqual(['no']);
    expect(collapseNearDuplicates(ranked, 0.95, (a, b) => a !== b).kept.map((k) => k.id)).toEqual(['yes', 'no']);
  });

  it('treats equal content hashes as duplicates even without vectors', () => {
    const { kept, dropped } = collapseNearDuplicates([
      { id: 'x', content: 'x', embedding: null, contentHash: 'same', confidence: 0.9 },
      { id: 'y', content: 'y', embedding: null, contentHash: 'same', confidence: 0.4 },
      { id: 'z', content: 'z', embedding: null, contentHash: 'other', confidence: 0.4 },
    ]);
    expect(kept.map((k) => k.id)).toEqual(['x', 'z']);
    expect(dropped).toEqual([{ id: 'y', keptId: 'x' }]);
  });
});
