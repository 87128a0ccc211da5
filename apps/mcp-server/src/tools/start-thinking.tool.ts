import { z } from 'zod';
import { prdIdField } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** start_thinking (seed 004 start_chain): begin a reasoning chain. */
export const startThinkingTool = defineTool({
  name: 'start_thinking',
  title: 'Start thinking',
  description: 'Begin a new reasoning chain for a question; add numbered thoughts with think and finish with finish_thinking. ' +
    'Call recall_reasoning first to see how similar questions were reasoned before.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(10_000).describe('The question or problem the chain reasons about.'),
    scope: scopeField,
    prd_id: prdIdField.optional().describe('Link the chain to a PRD execution.'),
    metadata: z.record(z.string(), z.unknown()).optional().describe('Arbitrary JSON metadata stored with the chain.'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const chain = await service.chains.start({
      query: input.query,
      ...(input.scope !== undefined ? { scope: input.scope } : {}),
      ...(input.prd_id !== undefined ? { prdExecutionId: input.prd_id } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    }, ctx);
    return { structured: snakeKeys({ chain }) as Record<string, unknown>, text: `thinking chain ${chain.id} started` };
  },
});
