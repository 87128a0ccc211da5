import { z } from 'zod';
import { contentField, scopeField, tagsField, typeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { gateAnswer } from './render.js';

/** remember (seed 004): explicitly store a memory; goes straight to the gate. */
export const rememberTool = defineTool({
  name: 'remember',
  title: 'Remember',
  description:
    'Explicitly remember something for later sessions (content, optional type — default fact —, tags and scope). ' +
    'Goes through the Librarian gate: approved, pending review, or rejected with a reason.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    content: contentField,
    type: typeField.optional(),
    tags: tagsField,
    scope: scopeField,
    metadata: z.record(z.string(), z.unknown()).optional().describe('JSON metadata stored with the memory.'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.remember(input, ctx);
    return gateAnswer(r.id, r);
  },
});
