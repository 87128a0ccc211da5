import { z } from 'zod';
import { maxTokensField } from './continuity-schemas.js';
import { snakeKeys, withinBudget } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** recall_reasoning (seed 004): similar past reasoning chains. */
export const recallReasoningTool = defineTool({
  name: 'recall_reasoning',
  title: 'Recall reasoning',
  description: 'Find completed reasoning chains similar to a question (hybrid search over their summaries in global + the session/project scope), within max_tokens.',
  readOnly: true,
  uses: 'continuity',
  inputSchema: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(10_000).describe('The question to find similar past reasoning for (at most 10,000 characters).'),
    scope: scopeField,
    limit: z.number().int().min(1).max(20).default(5).describe('How many chains to return at most (1-20, default 5).'),
    max_tokens: maxTokensField,
  }).strict(),
  async handler(input, { service, ctx }) {
    return withinBudget(input.max_tokens, async (budget) => {
      const r = await service.chains.recall(input.query, ctx, { limit: input.limit, maxTokens: budget, ...(input.scope !== undefined ? { scope: input.scope } : {}) });
      const text = r.chains.length
        ? r.chains.map((c) => `- ${c.chainId} (score ${c.score.toFixed(4)}): ${c.summary ?? c.query}`).join('\n')
        : 'no similar reasoning found';
      return { structured: snakeKeys(r) as Record<string, unknown>, text };
    });
  },
});
