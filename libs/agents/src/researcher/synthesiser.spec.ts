import type { DeliveredMemory } from '@engram/retrieval';
import { planResearch } from './research-plan.js';
import { deterministicSummary } from './synthesiser.js';

const memory = (id: string, type = 'fact'): DeliveredMemory => ({
  form: 'content', id, type, content: `content of ${id}`, trust: 'agent', confidence: 0.9, url: `memory://${id}`, issues: [],
});
const now = new Date('2026-11-28T00:00:00Z');
const head = (query: string, results: DeliveredMemory[]) =>
  deterministicSummary({ query, plan: planResearch(query, now), results, contradictions: [], warnings: [] }).split('\n')[0];

describe('deterministicSummary (issue 37: A2A Researcher pluralisation)', () => {
  it('says "1 relevant memory", not "memorie"', () => {
    expect(head('postgres', [memory('a')])).toBe('Found 1 relevant memory about "postgres":');
  });
  it('says "2 relevant memories" and "No relevant memories"', () => {
    expect(head('postgres', [memory('a'), memory('b')])).toBe('Found 2 relevant memories about "postgres":');
    expect(head('postgres', [])).toBe('No relevant memories found about "postgres".');
  });
  it('names a planned type in the singular for one result and the plural otherwise', () => {
    expect(head('decisions about postgres', [memory('a', 'decision')])).toBe('Found 1 relevant decision about "postgres":');
    expect(head('decisions and facts about postgres', [memory('a'), memory('b')])).toBe('Found 2 relevant decisions/facts about "postgres":');
  });
});
