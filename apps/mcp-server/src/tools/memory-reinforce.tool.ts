import { z } from 'zod';
import { correctionAnswer } from './correction-render.js';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** memory.reinforce (SPEC 3, seed 004): explicit reinforcement sets confidence to 1.0. */
export const memoryReinforceTool = defineTool({
  name: 'memory.reinforce',
  title: 'Reinforce a memory',
  description:
    'Confirm that a memory still holds: its confidence is set to 1.0 and its decay starts over (a new version through the ' +
    'Librarian gate). Use it when you verified a memory, not merely read it (reads already reinforce up to 0.8).',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    scope: scopeField.describe('The scope the memory lives in, if not the session scope (e.g. project:acme).'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.reinforce(input.id, { ...ctx, scope: input.scope ?? ctx.scope });
    return correctionAnswer(input.id, r);
  },
});
