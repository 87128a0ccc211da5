import { z } from 'zod';
import { defineSkill, scopeParam, topKParam } from './skill-definition.js';

const EXCERPT_CHARS = 200;

/**
 * research (FR-07/FR-09): hybrid retrieval with provenance, answered with a summary, citations and
 * the results as a JSON artifact. Until the Researcher agent exists (issue 3) it runs the recall
 * pipeline: hybrid search of current records, access bookkeeping and the token budget.
 */
export const researchSkill = defineSkill({
  id: 'research',
  name: 'Research',
  description: 'Hybrid retrieval with provenance and temporal validity (only current records), fitted to max_tokens. ' +
    'Returns cited results with scores and confidence, also as the artifact research-results.json.',
  tags: ['memory', 'retrieval', 'research'],
  examples: ['What decisions have been made about database choice?', '{"skill":"research","query":"deploy process","top_k":5}'],
  textParam: 'query',
  input: z.strictObject({
    query: z.string().trim().max(10_000).default(''),
    top_k: topKParam,
    max_tokens: z.number().int().min(50).max(100_000).default(8000).describe('Token budget of the results (seed 004).'),
    types: z.array(z.string().min(1).max(64)).max(20).optional(),
    scope: scopeParam,
  }),
  async run(input, { service, ctx }) {
    // An empty question has an empty answer (issue 3), not an error.
    const out = input.query
      ? await service.recall({ query: input.query, topK: input.top_k, maxTokens: input.max_tokens, types: input.types, scope: input.scope }, ctx)
      : { items: [], truncated: false, total: 0, tokens: 0, mode: 'hybrid' as const, degraded: undefined };
    const citations = out.items.map((m) => ({
      id: m.id, type: m.type, excerpt: m.content.slice(0, EXCERPT_CHARS), created_at: m.createdAt,
      confidence: m.confidence, url: `memory://${m.id}`,
    }));
    const metadata = { query: input.query, mode: out.mode, total: out.total, truncated: out.truncated, tokens: out.tokens, ...(out.degraded ? { degraded: out.degraded } : {}) };
    const data = { results: out.items, citations, metadata };
    const lines = out.items.map((m, i) => `${i + 1}. [${m.type}] ${m.content} [memory://${m.id}]`);
    const summary = out.items.length
      ? `Found ${out.items.length} relevant memories${out.truncated ? ` (of ${out.total}, cut to the token budget)` : ''}:\n${lines.join('\n')}`
      : 'No relevant memories found.';
    return { summary, data, artifact: { name: 'research-results.json', description: 'Research results with citations', data } };
  },
});
