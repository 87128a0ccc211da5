import { z } from 'zod';
import { linksField, newRecordFields } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { gateAnswer, toDate } from './render.js';

/** memory.store (seed 000 FR-06): create a record through the Librarian gate. */
export const memoryStoreTool = defineTool({
  name: 'memory.store',
  title: 'Store a memory',
  description:
    'Create a new memory record. Every write goes through the Librarian gate: the answer is approved (stored, ' +
    'or an exact duplicate of an existing id), pending (queued for human review; id is the gate request id) or rejected (with the reason).',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({ ...newRecordFields, links: linksField }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.store(
      {
        type: input.type, content: input.content, metadata: input.metadata, tags: input.tags, scope: input.scope,
        validFrom: toDate(input.temporal_valid_from), validTo: toDate(input.temporal_valid_to) ?? null,
        ...(input.links ? { links: input.links } : {}),
      },
      ctx,
    );
    return gateAnswer(r.id, r);
  },
});
