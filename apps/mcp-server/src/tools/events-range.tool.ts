import { z } from 'zod';
import { isoDate } from './schemas.js';
import { cursorField, eventJson, nodeIdField, projectScopeField, renderEvents } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** events.range (seed 002 QRY-04 GetEvents): raw conversation events of a time range. */
export const eventsRangeTool = defineTool({
  name: 'events.range',
  title: 'Conversation events by time range',
  description:
    'Raw events of the project\'s conversation log in source-time order, from (inclusive) to (exclusive), or all events of a TOC ' +
    'node (node_id: its own bounds, its last event included), paginated with next_cursor.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({
    from: isoDate.optional().describe('Start of the range, inclusive (source time, ISO 8601 date-time with offset).'),
    to: isoDate.optional().describe('End of the range, exclusive (source time, ISO 8601 date-time with offset).'),
    limit: z.number().int().min(1).max(1000).default(100).describe('Page size: how many events per page (1-1000, default 100).'),
    node_id: nodeIdField.optional().describe('A TOC node: every event within its bounds (instead of from/to).'),
    cursor: cursorField,
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.toc.events(ctx, {
      limit: input.limit, ...(input.from ? { from: new Date(input.from) } : {}), ...(input.to ? { to: new Date(input.to) } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}), ...(input.scope ? { scope: input.scope } : {}), ...(input.node_id ? { nodeId: input.node_id } : {}),
    });
    return { structured: { events: r.events.map(eventJson), next_cursor: r.nextCursor }, text: renderEvents(r.events) + (r.nextCursor ? `\nmore: next_cursor=${r.nextCursor}` : '') };
  },
});
