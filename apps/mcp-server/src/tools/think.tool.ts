import { z } from 'zod';
import { chainIdField, scoped } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

const thoughtNumber = z.number().int().min(1).max(100_000);

/** think (seed 004 add_thought): the next numbered thought, possibly a revision or a branch. */
export const thinkTool = defineTool({
  name: 'think',
  title: 'Think',
  description: 'Add the next thought to an active chain (numbered 1, 2, ...). revises names an earlier thought this one corrects ' +
    '(revisions become procedural memories when the chain completes); branch_from + branch_id start an alternative line of ' +
    'reasoning, branch_id alone continues it.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    chain_id: chainIdField,
    scope: scopeField,
    content: z.string().trim().min(1, 'content must not be empty').max(20_000).describe('The thought (at most 20,000 characters).'),
    revises: thoughtNumber.optional().describe('Number of an earlier thought in this chain that this one corrects.'),
    branch_from: thoughtNumber.optional().describe('Number of the thought a new branch starts from; needs a new branch_id.'),
    branch_id: z.string().trim().min(1).max(100).optional().describe('Name of the branch this thought belongs to: with branch_from it starts the branch, alone it continues an existing one.'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.chains.think(input.chain_id, {
      content: input.content,
      ...(input.revises !== undefined ? { revises: input.revises } : {}),
      ...(input.branch_from !== undefined ? { branchFrom: input.branch_from } : {}),
      ...(input.branch_id !== undefined ? { branchId: input.branch_id } : {}),
    }, scoped(ctx, input.scope));
    const kind = r.thought.revises ? ` (revises ${r.thought.revises})` : r.thought.branchId ? ` (branch ${r.thought.branchId})` : '';
    return { structured: snakeKeys({ chain_id: r.chain.id, thought: r.thought, thought_count: r.chain.thoughtCount }) as Record<string, unknown>, text: `thought ${r.thought.number}${kind} added` };
  },
});
