import { z } from 'zod';
import { contentField, idField, isoDate, scopeField, tagsField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { toDate } from './render.js';
import { correctionAnswer } from './correction-render.js';

const CHANGES = ['content', 'metadata', 'tags', 'temporal_valid_from', 'temporal_valid_to'] as const;

/** memory.update (issue 2): a new version of a record in place, guarded by optimistic concurrency. */
export const memoryUpdateTool = defineTool({
  name: 'memory.update',
  title: 'Update a memory',
  description:
    'Change a memory in place (content, metadata, tags or validity), creating a new version; earlier versions stay readable ' +
    'with memory.get {version}. expected_version must be the version you read: if the memory changed since, nothing is written ' +
    'and the answer is rejected with code VERSION_CONFLICT (re-read and retry). Decisions and episodes are immutable: use memory.supersede.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    id: idField,
    expected_version: z.number().int().min(1).max(2_147_483_647).describe('The version you last read (memory.get); the update is refused if it moved on.'),
    content: contentField.optional().describe('New text.'),
    metadata: z.record(z.string(), z.unknown()).optional().describe('New metadata (replaces the old object).'),
    tags: tagsField.describe('New tags (replace the old ones).'),
    temporal_valid_from: isoDate.optional().describe('New start of validity (ISO 8601).'),
    temporal_valid_to: isoDate.nullable().optional().describe('New end of validity (ISO 8601), or null for open.'),
    scope: scopeField,
  }).strict().refine((i) => CHANGES.some((k) => i[k] !== undefined), { message: `give at least one of ${CHANGES.join(', ')}` }),
  async handler(input, { service, ctx }) {
    const patch = {
      content: input.content, metadata: input.metadata, tags: input.tags, validFrom: toDate(input.temporal_valid_from),
      validTo: input.temporal_valid_to === null ? null : toDate(input.temporal_valid_to),
    };
    const r = await service.update(input.id, patch, input.expected_version, { ...ctx, scope: input.scope ?? ctx.scope });
    return correctionAnswer(input.id, r);
  },
});
