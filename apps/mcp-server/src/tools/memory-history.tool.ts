import { z } from 'zod';
import { idField, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { versionLine, versionView } from './correction-render.js';

/** memory.history (issue 2): every stored version of a record, oldest first. */
export const memoryHistoryTool = defineTool({
  name: 'memory.history',
  title: 'Memory history',
  description:
    'Every version of a memory, oldest first, each with the operation that produced it (create, update, supersede, ' +
    'invalidate, archive, promote, ...), its status and reason, superseded_by and recorded_at (when engram learned it).',
  readOnly: true,
  uses: 'memory',
  inputSchema: z.object({ id: idField, scope: scopeField }).strict(),
  async handler(input, { service, ctx }) {
    const versions = await service.history(input.id, ctx, input.scope);
    return { structured: { id: input.id, versions: versions.map(versionView) }, text: versions.map(versionLine).join('\n') };
  },
});
