import { z } from 'zod';
import { gripJson, nodeIdField, nodeJson, pageJson, projectScopeField, renderChildren } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** toc.node (seed 002 QRY-02 GetNode): a node with its summary, children and the grips behind its bullets. */
export const tocNodeTool = defineTool({
  name: 'toc.node',
  title: 'Conversation TOC: node',
  description:
    'One node of the conversation TOC: title, bullets (each citing grip ids), keywords, time bounds, its first children and the ' +
    'grips (excerpts with event ranges) its bullets cite. Nodes are versioned: omit version for the current one.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({
    node_id: nodeIdField,
    version: z.number().int().min(1).max(2_147_483_647).optional().describe('A past version (rebuilds append versions; compaction may drop old ones).'),
    child_limit: z.number().int().min(1).max(200).default(50).describe('How many of its first children to include (1-200, default 50).'),
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.toc.node(input.node_id, ctx, { ...(input.scope ? { scope: input.scope } : {}), ...(input.version !== undefined ? { version: input.version } : {}), childLimit: input.child_limit });
    const n = r.node;
    const text = [
      `${n.nodeId} v${n.version} — ${n.title}`, `${n.start.toISOString()} .. ${n.end.toISOString()}, ${n.eventCount} events; keywords: ${n.keywords.join(', ')}`,
      ...n.bullets.map((b) => `- ${b.text}${b.gripIds.length ? ` [${b.gripIds.join(', ')}]` : ''}`),
      ...(r.children.children.length ? ['children:', renderChildren(r.children)] : []),
    ].join('\n');
    return { structured: { node: nodeJson(n), children: pageJson(r.children), grips: r.grips.map(gripJson) }, text };
  },
});
