import { z } from 'zod';
import { cursorField, nodeIdField, pageJson, projectScopeField, renderChildren } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** toc.browse (seed 002 QRY-03 BrowseToc): a node's children, a page at a time. */
export const tocBrowseTool = defineTool({
  name: 'toc.browse',
  title: 'Conversation TOC: browse',
  description:
    'The children of a TOC node in time order (years when parent_id is omitted), paginated: pass next_cursor back for the next page.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({
    parent_id: nodeIdField.optional(),
    limit: z.number().int().min(1).max(200).default(20).describe('Page size: how many children per page (1-200, default 20).'),
    cursor: cursorField,
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const page = await service.toc.browse(input.parent_id ?? null, ctx, { limit: input.limit, ...(input.cursor ? { cursor: input.cursor } : {}), ...(input.scope ? { scope: input.scope } : {}) });
    return { structured: pageJson(page), text: renderChildren(page) };
  },
});
