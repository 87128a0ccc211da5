import { z } from 'zod';
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
  inputSchema: z.object({
    query: z.string().trim().min(1).max(1000),
    limit: z.number().int().min(1).max(100).default(10),
    mode: z.enum(['hybrid', 'keyword', 'vector']).default('hybrid').describe('hybrid falls back to keyword when no model is loaded.'),
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.toc.search(input.query, ctx, { limit: input.limit, mode: input.mode, ...(input.scope ? { scope: input.scope } : {}) });
    const text = r.hits.map((h) => `${h.kind} ${h.id}${h.kind === 'node' ? '' : ` (in ${h.nodeId}${h.sessionId ? `, session ${h.sessionId}` : ''}, ${h.at.toISOString()})`}: ${h.text}`).join('\n') || 'no matches';
    return { structured: { mode: r.mode, hits: r.hits.map(hitJson) }, text };
  },
});
