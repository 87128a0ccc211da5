import { PRD_EVENT_TYPES, PRD_STATUSES } from '@engram/agents';
import { z } from 'zod';

/* Input fragments of the work-continuity tools (SPEC 8); every tool schema is `.strict()`. */
export const prdIdField = z.uuid().describe('PRD execution id (from prd_context).');
export const chainIdField = z.uuid().describe('Thinking chain id (from start_thinking).');
export const requirementIdField = z.string().trim().min(1).max(200).describe('Requirement id, tracing to a PRD section (e.g. R3 or "2.1").');
export const prdEventTypeField = z.enum(PRD_EVENT_TYPES).describe(`Event type: ${PRD_EVENT_TYPES.join(', ')}.`);
export const prdStatusField = z.enum(PRD_STATUSES).describe(`Execution status: ${PRD_STATUSES.join(', ')}.`);
export const summaryField = z.string().trim().min(1, 'summary must not be empty').max(10_000)
  .describe('What happened (at most 10,000 characters); it goes into the memory text when the event forms one.');
export const agentIdField = z.string().trim().min(1).max(200).optional().describe('Which agent did this.');
export const eventIdField = z.string().trim().min(1).max(200).optional()
  .describe('Idempotency key: retrying with the same event_id and content returns the first event; reusing it for another event is refused.');
export const maxTokensField = z.number().int().min(100).max(100_000).default(4000).describe('Token budget of the response (default 4000).');

/** The call context with the request's scope in place of the session's (as the memory tools do). */
export function scoped<C extends { scope?: string }>(ctx: C, scope: string | undefined): C {
  return scope === undefined ? ctx : { ...ctx, scope };
}
