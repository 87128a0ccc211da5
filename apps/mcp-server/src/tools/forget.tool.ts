import { z } from 'zod';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { gateAnswer } from './render.js';

/** forget (seed 004): purge a memory's content and embedding through the gate; an audit tombstone stays. */
export const forgetTool = defineTool({
  name: 'forget',
  title: 'Forget',
  description: 'Forget a memory: its content and embedding are purged (through the Librarian gate); an audit tombstone is kept.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    reason: z.string().trim().min(1).max(2000).optional().describe('Why it should be forgotten (kept in the audit trail).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.forget(input.id, { ...ctx, scope: input.scope ?? ctx.scope }, input.reason);
    return gateAnswer(input.id, r);
  },
});
