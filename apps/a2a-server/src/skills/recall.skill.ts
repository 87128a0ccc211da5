import { z } from 'zod';
import { defineSkill, scopeParam, topKParam, wireKeys } from './skill-definition.js';

/** recall (FR-07): plain search, vector / keyword / hybrid, without the validation of research. */
export const recallSkill = defineSkill({
  id: 'recall',
  name: 'Recall',
  description: 'Simple search (vector, keyword or hybrid) over global + the given scope, without validation overhead. ' +
    'Faster than research for low-stakes queries.',
  tags: ['memory', 'search'],
  examples: ['recall: deploy schedule', '{"skill":"recall","query":"database choice","mode":"keyword"}'],
  textParam: 'query',
  uses: 'memory',
  input: z.strictObject({
    query: z.string().trim().min(1, 'query must not be empty').max(10_000),
    mode: z.enum(['vector', 'keyword', 'hybrid']).default('hybrid'),
    top_k: topKParam,
    scope: scopeParam,
  }),
  async run(input, { service, ctx, protocol }) {
    const out = await service.search({ query: input.query, mode: input.mode, topK: input.top_k, scope: input.scope }, ctx);
    const lines = out.results.map(({ record }) => `- [${record.type}] ${record.content} (memory://${record.id})`);
    const results = out.results.map(({ record, score }) => wireKeys({
      id: record.id, type: record.type, content: record.content, scope: record.scope, tags: record.tags,
      score, confidence: record.confidence, created_at: record.createdAt.toISOString(), url: `memory://${record.id}`,
    }, protocol));
    const noun = results.length === 1 ? 'memory' : 'memories';
    const summary = results.length ? `Found ${results.length} ${noun} (${out.mode}):\n${lines.join('\n')}` : 'Nothing relevant remembered.';
    return { summary, data: { results, metadata: { mode: out.mode, count: results.length, ...(out.degraded ? { degraded: out.degraded } : {}) } } };
  },
});
