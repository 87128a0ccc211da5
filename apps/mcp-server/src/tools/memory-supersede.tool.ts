import { z } from 'zod';
import { contentField, idField, scopeField, tagsField, typeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { correctionAnswer } from './correction-render.js';

/** memory.supersede (issue 2): "was true, now replaced" — a new record takes over; the old stays in history. */
export const memorySupersedeTool = defineTool({
  name: 'memory.supersede',
  title: 'Supersede a memory',
  description:
    'Replace a memory that WAS true but no longer is (e.g. a revised decision): a new record is stored and the old one is marked ' +
    'superseded by it, so search and recall return only the new one while memory.history keeps the chain. The replacement ' +
    'keeps the old type and scope unless given. Goes through the Librarian gate (approved, pending or rejected). ' +
    'Use memory.invalidate instead when the old memory was simply wrong.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField.describe('The memory being replaced.'),
    expected_version: z.number().int().min(1).max(2_147_483_647).optional().describe('Refuse (VERSION_CONFLICT) if the old memory moved past this version.'),
    replacement: z.object({
      type: typeField.optional(),
      content: contentField.describe('The text that is true now.'),
      metadata: z.record(z.string(), z.unknown()).optional().describe('Metadata of the new record (not copied).'),
      tags: tagsField,
    }).strict().describe('The new record; type defaults to the old one.'),
    reason: z.string().trim().min(1).max(2000).optional().describe('Why it changed (kept in the audit trail).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.supersede(input.id, input.replacement, { ...ctx, scope: input.scope ?? ctx.scope }, {
      reason: input.reason, expectedVersion: input.expected_version,
    });
    return correctionAnswer(r.id, r, { supersedes: input.id });
  },
});
