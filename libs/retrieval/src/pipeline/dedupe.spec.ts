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
  // Cases named after survivors of the 2026-11-26 retrieval run (issue 22).
  it('computes the cosine, not a product or a ratio of the norms, and 0 when either vector is zero', () => {
    expect(cosineSimilarity([1, 2], [2, 1])).toBeCloseTo(0.8, 12);
    expect(cosineSimilarity([3, 4], [6, 8])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 1], [0, 0])).toBe(0);
  });

  it('compares vectors only when both exist and have one length, and only strictly above the threshold', () => {
    const item = (id: string, embedding: number[] | null, confidence = 0.5) => ({ id, content: id, embedding, contentHash: `h${id}`, confidence });
    expect(collapseNearDuplicates([item('a', null), item('b', [1, 0])]).kept.map((k) => k.id)).toEqual(['a', 'b']);
    expect(collapseNearDuplicates([item('a', [1, 0]), item('b', null)]).kept.map((k) => k.id)).toEqual(['a', 'b']);
    expect(collapseNearDuplicates([item('a', [1, 0]), item('b', [1, 0, 0])]).kept.map((k) => k.id)).toEqual(['a', 'b']);
    expect(collapseNearDuplicates([item('a', [1, 0]), item('b', [1, 0])], 1).kept.map((k) => k.id)).toEqual(['a', 'b']);
  });

  it('keeps the better-ranked of two equally confident duplicates', () => {
    const { kept, dropped } = collapseNearDuplicates([
      { id: 'first', content: 'x', embedding: null, contentHash: 'same', confidence: 0.7 },
      { id: 'second', content: 'x', embedding: null, contentHash: 'same', confidence: 0.7 },
    ]);
    expect(kept.map((k) => k.id)).toEqual(['first']);
    expect(dropped).toEqual([{ id: 'second', keptId: 'first' }]);
  });
});
