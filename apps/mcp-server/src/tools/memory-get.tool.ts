import { z } from 'zod';
import { idField, isoDate, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { recordLine, recordView, toDate } from './render.js';

/** memory.get (seed 000 FR-06): one record by id, optionally a past version or "as of" a time. */
export const memoryGetTool = defineTool({
  name: 'memory.get',
  title: 'Get a memory',
  description: 'Get a memory record by id. Optionally a numbered version, or what was believed as of a time. Unknown ids give RECORD_NOT_FOUND.',
  readOnly: true,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    version: z.number().int().min(1).max(2_147_483_647).optional().describe('A specific version number.'),
    as_of: isoDate.optional().describe('Return the version current at this transaction time (ISO 8601).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const record = await service.get(input.id, ctx, { version: input.version, asOf: toDate(input.as_of), scope: input.scope });
    return { structured: { record: recordView(record) }, text: recordLine(record) };
  },
});
