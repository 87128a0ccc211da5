import { fillFromGraph } from './rankers.js';

describe('fillFromGraph', () => {
  it('keeps the hybrid head and fills the last slots with graph records the head lacks', () => {
    expect(fillFromGraph(['a', 'b', 'c', 'd', 'e'], ['c', 'x', 'y', 'z'], 5, 2)).toEqual(['a', 'b', 'c', 'x', 'y']);
  });

  it('falls back to the rest of the hybrid list when the graph has nothing new', () => {
    expect(fillFromGraph(['a', 'b', 'c', 'd'], ['a', 'b'], 4, 2)).toEqual(['a', 'b', 'c', 'd']);
    expect(fillFromGraph(['a', 'b'], [], 5, 3)).toEqual(['a', 'b']);
  });
});
