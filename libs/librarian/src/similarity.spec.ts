import { CONFLICT_JACCARD, contradictoryTokens, jaccard, looksContradictory, tokenSet } from './similarity.js';

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

  it('calls two empty texts the same and an empty one unlike anything', () => {
    expect(jaccard(new Set(), new Set())).toBe(1);
    expect(jaccard(new Set(), tokenSet('redis'))).toBe(0);
    expect(jaccard(tokenSet('redis'), new Set())).toBe(0);
  });

  it('conflicts from exactly the threshold, with the negation words left out of the overlap', () => {
    // Without "never": {we, use, redis, daily} against {we, use, redis, weekly} = 3 / 5 = the threshold.
    expect(CONFLICT_JACCARD).toBe(0.6);
    expect(looksContradictory('we use redis daily', 'we never use redis weekly')).toBe(true);
    expect(looksContradictory('we use redis daily', 'we never use redis weekly', 0.61)).toBe(false);
    expect(contradictoryTokens(tokenSet('never use redis daily'), tokenSet('we not use redis daily'))).toBe(false);
  });

  it('counts each negation word as negating a statement, and no other word', () => {
    const base = 'the team uses redis for caching';
    for (const word of ['not', 'no', 'never', "don't", "doesn't", "isn't", "aren't", "wasn't", 'cannot', "can't", "won't", "shouldn't", 'avoid', 'without', 'neither', 'nor']) {
      expect([word, looksContradictory(base, `the team ${word} uses redis for caching`)]).toEqual([word, true]);
    }
    expect(looksContradictory(base, 'the team always uses redis for caching')).toBe(false);
  });
});
