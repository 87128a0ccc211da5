import { MAX_FEEDBACK_IDS } from '@engram/agents';
import { z } from 'zod';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** memory.feedback (seed 003 stage 3): which retrieved memories were used and whether the task succeeded. */
export const memoryFeedbackTool = defineTool({
  name: 'memory.feedback',
  title: 'Report the outcome of using memories',
  description:
    'After using retrieved memories, report whether the task succeeded. Memories that helped decay more slowly (their ' +
    'half-life grows); memories that misled decay faster; the relevance weights of implicit memory formation learn from ' +
    'it. Give the ids you used and success or failure, optionally the query they were retrieved for. Every id gets a result: ' +
    'recorded, or not_found for unknown ids and ids outside your scopes. With a progressToken, notifications/progress report each id handled.',
  readOnly: false,
  uses: 'lifecycle',
  inputSchema: z.object({
    memory_ids: z.array(z.string().min(1).max(100)).min(1, 'give at least one memory id').max(MAX_FEEDBACK_IDS)
      .describe(`Ids of the memories you used (at most ${MAX_FEEDBACK_IDS}).`),
    outcome: z.enum(['success', 'failure']).describe('Did the task the memories were used for succeed?'),
    query: z.string().trim().min(1).max(2000).optional().describe('The query the memories were retrieved for.'),
    scope: scopeField.describe('The scope the memories live in, if not the session scope (e.g. project:acme).'),
  }).strict(),
  async handler(input, { service, ctx, onProgress }) {
    const feedback = { memoryIds: input.memory_ids, outcome: input.outcome, ...(input.query ? { query: input.query } : {}), ...(input.scope ? { scope: input.scope } : {}) };
    const r = await service.feedback(feedback, ctx, onProgress ? { onProgress } : {});
    const lines = r.results.map((x) => (x.status === 'recorded' ? `recorded  ${x.id} (half-life x${x.usefulness?.toFixed(2)})` : `not_found ${x.id}`));
    const w = r.weights;
    return {
      structured: {
        outcome: r.outcome, recorded: r.recorded,
        results: r.results.map((x) => ({ id: x.id, status: x.status, ...(x.usefulness !== undefined ? { half_life_factor: x.usefulness } : {}) })),
        weights: { recency: w.recency, frequency: w.frequency, entity_importance: w.entityImportance },
      },
      text: `${r.outcome}: ${r.recorded} of ${r.results.length} recorded\n${lines.join('\n')}`,
    };
  },
});
