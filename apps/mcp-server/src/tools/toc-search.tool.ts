import { z } from 'zod';
import { isoDate } from './schemas.js';
import { hitJson, projectScopeField } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** toc.search (seed 002 TELE-04 TeleportQuery): jump into the TOC by words or meaning. */
export const tocSearchTool = defineTool({
  name: 'toc.search',
  title: 'Search the conversation TOC',
  description:
    'Search this project\'s conversation: every turn (raw events, BM25-ranked: any word may match, rarer words weigh more), the TOC ' +
    'node summaries and grips, by keyword and meaning (vectors), fused by reciprocal rank (hybrid, default). Event hits carry their ' +
    'session, time and the segment (node_id) holding them; open nodes with toc.node, grips with grip.expand, turns around an event with events.range.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({
    query: z.string().trim().min(1).max(1000).describe('Words or a question to search the conversation for (at most 1000 characters).'),
    limit: z.number().int().min(1).max(100).default(10).describe('How many hits to return at most, events, nodes and grips together (1-100, default 10).'),
    mode: z.enum(['hybrid', 'keyword', 'vector']).default('hybrid').describe('hybrid falls back to keyword when no model is loaded.'),
    from: isoDate.optional().describe('Only turns at or after this time (event time). Without from/to, dates in the query ("October 13", "last May", "the week before the trip") boost turns of that time.'),
    to: isoDate.optional().describe('Only turns before this time.'),
    scope: projectScopeField,
  }).strict().refine((i) => !i.from || !i.to || Date.parse(i.from) < Date.parse(i.to), 'from must be before to'),
  async handler(input, { service, ctx }) {
    const window = input.from || input.to ? { from: new Date(input.from ?? 0), to: new Date(input.to ?? '9999-12-31T00:00:00Z') } : undefined;
    const r = await service.toc.search(input.query, ctx, { limit: input.limit, mode: input.mode, ...(input.scope ? { scope: input.scope } : {}), ...(window ? { window } : {}) });
    const text = r.hits.map((h) => `${h.kind} ${h.id}${h.kind === 'node' ? '' : ` (in ${h.nodeId}${h.sessionId ? `, session ${h.sessionId}` : ''}, ${h.at.toISOString()})`}: ${h.text}`).join('\n') || 'no matches';
    return { structured: { mode: r.mode, hits: r.hits.map(hitJson) }, text };
  },
});
