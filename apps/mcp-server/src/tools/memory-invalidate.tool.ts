import { z } from 'zod';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { correctionAnswer } from './correction-render.js';

/** memory.invalidate (issue 2): "was wrong" — never returned as current again, kept for history. */
export const memoryInvalidateTool = defineTool({
  name: 'memory.invalidate',
  title: 'Invalidate a memory',
  description:
    'Mark a memory as wrong (it never was true). It is no longer returned by search, recall or list, but memory.get and ' +
    'memory.history still show it with the reason. Use memory.supersede instead when it was true and has changed.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    reason: z.string().trim().min(1, 'reason must not be empty').max(2000).describe('Why it is wrong (kept with the record).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.invalidate(input.id, input.reason, { ...ctx, scope: input.scope ?? ctx.scope });
    return correctionAnswer(input.id, r);
  },
});
