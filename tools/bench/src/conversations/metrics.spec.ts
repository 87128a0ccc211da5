import { outcomeOf, score, scoreGroups } from './metrics.js';

describe('conversation retrieval metrics', () => {
  it('ranks the first evidence hit and checks all evidence in the top 10', () => {
    const o = outcomeOf(1, ['D1:2', 'D3:4'], ['D9:9', 'D1:2', 'D1:2', 'D5:5', 'D3:4']);
    expect(o.hitRanks).toEqual([2, 5]);
    const s = score([o, outcomeOf(2, ['D7:7'], ['D1:1'])]);
    expect(s).toEqual({ n: 2, r1: 0, r5: 0.5, r10: 0.5, full10: 0.5, mrr10: 0.25 });
  });

  it('ignores hits below rank 10 and keeps adversarial questions apart', () => {
    const ranked = Array.from({ length: 12 }, (_, i) => `D1:${i + 1}`);
    const groups = scoreGroups([outcomeOf(4, ['D1:11'], ranked), outcomeOf(5, ['D1:1'], ranked)]);
    expect(groups['cat 1-4']?.r10).toBe(0);
    expect(groups['5 adversarial']?.r1).toBe(1);
    expect(groups['4 single-hop']?.n).toBe(1);
  });
});
