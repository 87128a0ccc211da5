import { InvalidInputError } from '@engram/agents';
import { z } from 'zod';
import { maxTokensField, prdIdField, requirementIdField, scoped } from './continuity-schemas.js';
import { renderPrdContext, snakeKeys, withinBudget } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** prd_context (seed 004 get_prd_context + start_prd): start or resume a PRD and get its state. */
export const prdContextTool = defineTool({
  name: 'prd_context',
  title: 'PRD context',
  description:
    'Start or resume work on a PRD and get everything needed to continue: progress per requirement, recent events, decisions ' +
    '(with reasons and rejected alternatives), open blockers, learnings and, once completed, the compacted narrative. Give prd_ref ' +
    '(file path or git SHA; creates the execution if new, and with prd_content or prd_hash reports prd_changed when the PRD changed) ' +
    'or prd_id. The answer fits max_tokens: the oldest events, learnings and decisions are left out first (truncated says how many).',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    prd_id: prdIdField.optional(),
    prd_ref: z.string().trim().min(1).max(1000).optional().describe('File path or git SHA identifying the PRD.'),
    title: z.string().trim().min(1).max(500).optional().describe('Human-readable PRD title (with prd_ref: set on start, updated on resume).'),
    prd_content: z.string().max(2_000_000).optional().describe('The PRD text; its sha256 detects a changed PRD on resume.'),
    prd_hash: z.string().trim().min(1).max(200).optional().describe('A content hash you computed (e.g. the git blob SHA).'),
    requirements: z.array(requirementIdField).max(500).optional().describe('Requirement ids the PRD declares (start as not started).'),
    scope: scopeField,
    event_limit: z.number().int().min(0).max(200).default(20).describe('How many recent events to include.'),
    include_decisions: z.boolean().default(true).describe('Include the recorded decisions (default true).'),
    max_tokens: maxTokensField,
  }).strict(),
  async handler(input, { service, ctx }) {
    if ((input.prd_id === undefined) === (input.prd_ref === undefined)) {
      throw new InvalidInputError('give exactly one of prd_id (an existing execution) or prd_ref (start or resume by file path / git SHA)');
    }
    const callCtx = scoped(ctx, input.scope);
    let started: { created: boolean; prdChanged: boolean; previousHash: string | null } | undefined;
    let id = input.prd_id;
    if (input.prd_ref !== undefined) {
      const r = await service.prd.start({
        ref: input.prd_ref,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.prd_content !== undefined ? { content: input.prd_content } : {}),
        ...(input.prd_hash !== undefined ? { hash: input.prd_hash } : {}),
        ...(input.requirements !== undefined ? { requirements: input.requirements } : {}),
      }, callCtx);
      started = { created: r.created, prdChanged: r.prdChanged, previousHash: r.previousHash };
      id = r.execution.id;
    }
    return withinBudget(input.max_tokens, async (budget) => {
      const c = await service.prd.context(id ?? '', callCtx, { eventLimit: input.event_limit, includeDecisions: input.include_decisions, maxTokens: budget });
      const structured = snakeKeys({ ...c, ...(started ?? {}) }) as Record<string, unknown>;
      const note = started ? (started.created ? 'started a new execution\n' : started.prdChanged ? 'WARNING: the PRD changed since this execution started\n' : '') : '';
      return { structured, text: `${note}${renderPrdContext(c)}` };
    });
  },
});
