import { z } from 'zod';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { correctionAnswer } from './correction-render.js';

/** memory.promote (issue 2): a project or agent memory becomes global (visible to every project). */
export const memoryPromoteTool = defineTool({
  name: 'memory.promote',
  title: 'Promote a memory to global',
  description:
    'Ask for a project (or agent) memory to become global, i.e. visible from every project. By default the Librarian ' +
    'queues this for manual review: the answer is pending with a request_id until an operator approves it (engram gate approve).',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    scope: scopeField.describe('The scope the memory lives in now, if not the session scope (e.g. project:acme).'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.promote(input.id, { ...ctx, scope: input.scope ?? ctx.scope });
    return correctionAnswer(input.id, r);
  },
});
