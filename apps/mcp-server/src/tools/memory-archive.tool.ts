import { z } from 'zod';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { correctionAnswer } from './correction-render.js';

/** memory.archive (issue 2): still true but no longer relevant; out of default search, kept. */
export const memoryArchiveTool = defineTool({
  name: 'memory.archive',
  title: 'Archive a memory',
  description:
    'Archive a memory that is still true but no longer relevant: it leaves default search, recall and list, ' +
    'and stays readable with memory.get and memory.history.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    reason: z.string().trim().min(1).max(2000).optional().describe('Why (kept with the record).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.archive(input.id, { ...ctx, scope: input.scope ?? ctx.scope }, input.reason);
    return correctionAnswer(input.id, r);
  },
});
