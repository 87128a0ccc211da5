import { z } from 'zod';
import { agentIdField, chainIdField, eventIdField, prdEventTypeField, prdIdField, requirementIdField, scoped, summaryField } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { isoDate, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** prd_event (seed 004 append_prd_event): log one event of a PRD execution. */
export const prdEventTool = defineTool({
  name: 'prd_event',
  title: 'PRD event',
  description:
    'Append an event to a PRD execution log. Progress follows the events: requirement_started (not started → in progress), ' +
    'requirement_completed (in progress → completed), blocker_hit / blocker_resolved, rollback (one step back); an event that ' +
    'contradicts the requirement state is refused (EVENT_OUT_OF_ORDER) and changes nothing. Completions, blockers, errors and ' +
    'handoffs also become memories through the Librarian gate. Use event_id to make retries idempotent.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({
    prd_id: prdIdField,
    scope: scopeField,
    type: prdEventTypeField,
    requirement_id: requirementIdField.optional(),
    summary: summaryField,
    detail: z.record(z.string(), z.unknown()).optional().describe('Structured payload (files changed, test names, ...).'),
    agent_id: agentIdField,
    thinking_chain_id: chainIdField.optional(),
    event_id: eventIdField,
    occurred_at: isoDate.optional().describe('When it happened (defaults to now).'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.prd.appendEvent(input.prd_id, {
      type: input.type, summary: input.summary,
      ...(input.requirement_id !== undefined ? { requirementId: input.requirement_id } : {}),
      ...(input.detail !== undefined ? { detail: input.detail } : {}),
      ...(input.agent_id !== undefined ? { agentId: input.agent_id } : {}),
      ...(input.thinking_chain_id !== undefined ? { thinkingChainId: input.thinking_chain_id } : {}),
      ...(input.event_id !== undefined ? { eventId: input.event_id } : {}),
      ...(input.occurred_at !== undefined ? { occurredAt: new Date(input.occurred_at) } : {}),
    }, scoped(ctx, input.scope));
    const structured = snakeKeys({
      event: r.event, duplicate: r.duplicate, status: r.execution.status, progress: r.execution.progress, ...(r.decision ? { decision: r.decision } : {}),
    }) as Record<string, unknown>;
    const text = `${r.duplicate ? 'already logged' : 'logged'} #${r.event.seq} ${r.event.type}${r.event.requirementId ? ` ${r.event.requirementId}` : ''}` +
      ` (PRD ${r.execution.status}; memory: ${r.event.formation?.status ?? 'none'})`;
    return { structured, text };
  },
});
