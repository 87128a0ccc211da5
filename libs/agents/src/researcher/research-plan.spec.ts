import { planResearch } from './research-plan.js';

const now = new Date('2026-11-23T12:00:00Z');

describe(planResearch.name, () => {
  it('identifies types, a time range and key terms (seed 000 FR-09: "recent decisions")', () => {
    const plan = planResearch('What recent decisions have been made about database schema versioning?', now);
    expect(plan.memoryTypes).toEqual(['decision']);
    expect(plan.timeRange?.createdAfter).toEqual(new Date(now.getTime() - 7 * 86_400_000));
    expect(plan.keyTerms).toEqual(['database', 'schema', 'versioning']);
    expect(plan.topK).toBe(10);
  });

  it('names several types and leaves them open when none is named', () => {
    expect(planResearch('beliefs and preferences about code style', now).memoryTypes).toEqual(['belief', 'preference']);
    const open = planResearch('kafka retention since March', now);
    expect(open.memoryTypes).toBeUndefined();
    expect(open.keyTerms).toEqual(['kafka', 'retention']);
    expect(open.timeRange?.label).toBe('since March');
  });

  it('plans nothing for an empty question', () => {
    expect(planResearch('', now)).toEqual({ query: '', keyTerms: [], topK: 10 });
  });
});
