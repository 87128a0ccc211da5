import { z } from 'zod';
import { hitJson, projectScopeField } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** toc.search (seed 002 TELE-04 TeleportQuery): jump into the TOC by words or meaning. */
export const tocSearchTool = defineTool({
  name: 'toc.search',
  title: 'Search the conversation TOC',
  description:
    'Search this project\'s TOC node summaries and grips (excerpts) by keyword (full text) and meaning (vectors), fused by ' +
    'reciprocal rank (hybrid, default). Returns node ids to open with toc.node and grip ids to open with grip.expand.',
  readOnly: true,
  inputSchema: z.object({
    query: z.string().trim().min(1).max(1000),
    limit: z.number().int().min(1).max(100).default(10),
    mode: z.enum(['hybrid', 'keyword', 'vector']).default('hybrid').describe('hybrid falls back to keyword when no model is loaded.'),
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.toc.search(input.query, ctx, { limit: input.limit, mode: input.mode, ...(input.scope ? { scope: input.scope } : {}) });
    const text = r.hits.map((h) => `${h.kind} ${h.id}${h.kind === 'grip' ? ` (in ${h.nodeId})` : ''}: ${h.text}`).join('\n') || 'no matches';
    return { structured: { mode: r.mode, hits: r.hits.map(hitJson) }, text };
  },
});
