import { z } from 'zod';
import { agentIdField, eventIdField, prdIdField, requirementIdField, scoped } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** prd_decision (seed 004 record_prd_decision): a decision with its reason and rejected alternatives. */
export const prdDecisionTool = defineTool({
  name: 'prd_decision',
  title: 'PRD decision',
  description:
    'Record a decision made while executing a PRD: what was decided, why, and which alternatives were rejected. Logged as a ' +
    'decision_made event and stored as a decision memory through the Librarian gate; decisions are never lost by compaction.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    prd_id: prdIdField,
    scope: scopeField,
    decision: z.string().trim().min(1, 'decision must not be empty').max(10_000).describe('What was decided (at most 10,000 characters).'),
    reason: z.string().trim().min(1).max(10_000).optional().describe('Why it was decided (at most 10,000 characters).'),
    alternatives: z.array(z.string().trim().min(1).max(2000)).max(50).optional().describe('Alternatives considered and rejected.'),
    requirement_id: requirementIdField.optional(),
    agent_id: agentIdField,
    event_id: eventIdField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.prd.recordDecision(input.prd_id, {
      decision: input.decision,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
      ...(input.alternatives !== undefined ? { alternatives: input.alternatives } : {}),
      ...(input.requirement_id !== undefined ? { requirementId: input.requirement_id } : {}),
      ...(input.agent_id !== undefined ? { agentId: input.agent_id } : {}),
      ...(input.event_id !== undefined ? { eventId: input.event_id } : {}),
    }, scoped(ctx, input.scope));
    const structured = snakeKeys({ decision: r.decision, event: { id: r.event.id, seq: r.event.seq }, duplicate: r.duplicate }) as Record<string, unknown>;
    return { structured, text: `decision recorded (#${r.event.seq}; memory: ${r.decision.memory?.status ?? 'none'}): ${r.decision.decision}` };
  },
});
