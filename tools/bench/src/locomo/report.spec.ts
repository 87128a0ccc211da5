import { renderConversationReport, type ConversationResult } from './report.js';
import type { SearchOutcome } from './phases.js';

const outcome = (category: number, hit: boolean): SearchOutcome => ({
  question: { question: `q${category}`, answer: 'a', evidence: ['D1:1'], category },
  tocHit: hit, tocSession: hit, recallHit: hit, tocMs: 1, recallMs: 1, tocFound: [],
});

const result = (outcomes: SearchOutcome[], adversarial: SearchOutcome[]): ConversationResult => ({
  sampleId: 'conv-1', turns: 10, sessions: 1, ingestMs: 1000, tocMs: 0, vectorsMs: 0, outcomes, adversarial, reach: null,
  context: { chars: 0, bullets: 0, repeated: 0, coveredSessions: 0, eligible: 0, held: 0 },
});

const info = { dataset: 'x.json', date: '2026-11-28T00:00:00Z', commit: 'abc', k: 5, contextTokens: 8000, loadBefore: 0, loadAfter: 0, machine: 'm', formation: 'default' };

describe('conversation log report', () => {
  it('reports adversarial questions on their own line, outside the cat 1-4 headline', () => {
    const md = renderConversationReport(info, [result([outcome(1, true), outcome(4, false)], [outcome(5, true), outcome(5, true), outcome(5, false)])]);
    expect(md).toContain('| 5 adversarial (apart) | 3 | 66.7% (2/3) | 66.7% (2/3) |');
    // The headline counts the two cat 1-4 questions only.
    expect(md).toMatch(/\| \*\*all\*\* \| 10 \| 2 \| 50\.0% \(1\/2\) \|/);
  });
});
