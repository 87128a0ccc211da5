import { z } from 'zod';
import { chainIdField, scoped } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** finish_thinking (seed 004 complete_chain): summary and extracted memories, or abandon. */
export const finishThinkingTool = defineTool({
  name: 'finish_thinking',
  title: 'Finish thinking',
  description: 'Complete a chain: its summary (yours, or one built from the thoughts) is stored as a memory for recall_reasoning, ' +
    'and each revision becomes a procedural "revision pattern" memory, all through the Librarian gate. abandon=true closes it without extracting.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    chain_id: chainIdField,
    scope: scopeField,
    summary: z.string().trim().min(1).max(20_000).optional().describe('The conclusion of the chain (at most 20,000 characters); omitted, one is built from the thoughts.'),
    abandon: z.boolean().default(false).describe('Close the chain as abandoned, without extracting memories (default false).'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.chains.finish(input.chain_id, { ...(input.summary !== undefined ? { summary: input.summary } : {}), abandon: input.abandon }, scoped(ctx, input.scope));
    const c = r.chain;
    const structured = snakeKeys({ chain: c, thought_count: r.thoughts.length }) as Record<string, unknown>;
    const patterns = c.extracted?.revisionPatterns.length ?? 0;
    return { structured, text: c.status === 'abandoned' ? `chain ${c.id} abandoned` : `chain ${c.id} completed (${patterns} revision patterns): ${c.summary ?? ''}` };
  },
});
