import { idf, orTsQuery, planBm25 } from './bm25.js';

describe('BM25 query planning', () => {
  it('weighs rare words more and drops words absent from the scopes', () => {
    const plan = planBm25({ docs: 100, totalLength: 1000, terms: [{ lexeme: 'common', df: 60 }, { lexeme: 'rare', df: 2 }, { lexeme: 'absent', df: 0 }] });
    expect(plan?.lexemes).toEqual(['rare', 'common']);
    expect(plan?.idfs[0]).toBeGreaterThan(plan?.idfs[1] as number);
    expect(plan?.avgLength).toBe(10);
    expect(plan?.maxScore).toBeCloseTo((idf(100, 2) + idf(100, 60)) * 2.2);
  });

  it('widens the candidate set rarest word first, within the postings budget (the rarest always)', () => {
    const stats = { docs: 10_000, totalLength: 100_000, terms: [{ lexeme: 'a', df: 3000 }, { lexeme: 'b', df: 500 }, { lexeme: 'c', df: 9000 }] };
    expect(planBm25(stats, 4000)?.matchLexemes).toEqual(['b', 'a']);
    expect(planBm25(stats, 100)?.matchLexemes).toEqual(['b']);
    expect(planBm25({ ...stats, terms: [] })).toBeNull();
  });

  it('never lets a lexeme act as tsquery syntax', () => {
    expect(orTsQuery(["o'brien", 'a\\b', 'x|y'])).toBe("'o''brien' | 'a\\\\b' | 'x|y'");
    expect(idf(10, 10)).toBeGreaterThan(0);
  });
});
