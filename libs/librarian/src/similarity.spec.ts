import { jaccard, looksContradictory, tokenSet } from './similarity.js';

describe('similarity', () => {
  it('computes token-set Jaccard on normalised text', () => {
    expect(jaccard(tokenSet('Use Postgres for storage'), tokenSet('use  postgres FOR storage!'))).toBe(1);
    expect(jaccard(tokenSet('a b c d'), tokenSet('a b c e'))).toBeCloseTo(3 / 5);
    expect(tokenSet("Don't panic")).toEqual(new Set(['dont', 'panic']));
  });

  it('flags negated restatements as possible contradictions', () => {
    expect(looksContradictory('The team uses Redis for caching', 'The team does not use Redis for caching')).toBe(true);
    expect(looksContradictory('We deploy on Fridays', 'We never deploy on Fridays')).toBe(true);
    expect(looksContradictory('We deploy on Fridays', 'We deploy on Mondays')).toBe(false);
    expect(looksContradictory('Never deploy on Fridays', 'Never deploy on Fridays at night')).toBe(false);
  });
});
