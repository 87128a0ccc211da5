import { z } from 'zod';
import { isoDate, scopeField, tagsField, typeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { recordLine, recordView, toDate } from './render.js';

/** memory.list (seed 000 FR-06): records by type, time range, tags, JSONPath metadata filter; keyset pages. */
export const memoryListTool = defineTool({
  name: 'memory.list',
  title: 'List memories',
  description:
    'List memory records, newest first, filtered by type, creation time, tags and a SQL/JSON path over metadata ' +
    '(e.g. `$ ? (@.impact == "high")`). Paginate with the returned next_cursor.',
  readOnly: true,
  uses: 'memory',
  inputSchema: z.object({
    type: typeField.optional(),
    tags: tagsField,
    scope: scopeField,
    created_after: isoDate.optional().describe('Only memories created at or after this time (ISO 8601 date-time with offset).'),
    created_before: isoDate.optional().describe('Only memories created before this time, exclusive (ISO 8601 date-time with offset).'),
    metadata_filter: z.string().max(2000).optional().describe('SQL/JSON path predicate evaluated on metadata.'),
    include_archived: z.boolean().optional().describe('Also list archived memories (default false).'),
    limit: z.number().int().min(1).max(500).default(100).describe('Page size: how many memories per page (1-500, default 100).'),
    cursor: z.string().max(500).optional().describe('next_cursor of the previous page.'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const page = await service.list(
      {
        types: input.type ? [input.type] : undefined, tags: input.tags, scope: input.scope,
        createdAfter: toDate(input.created_after), createdBefore: toDate(input.created_before),
        metadataPath: input.metadata_filter, includeArchived: input.include_archived, limit: input.limit, cursor: input.cursor,
      },
      ctx,
    );
    const text = page.items.length ? page.items.map((r) => recordLine(r)).join('\n') : 'no memories match';
    return { structured: { items: page.items.map(recordView), next_cursor: page.nextCursor }, text };
  },
});
