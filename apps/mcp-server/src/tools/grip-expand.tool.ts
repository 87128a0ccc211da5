import { z } from 'zod';
import { eventJson, gripJson, projectScopeField, renderEvents } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** grip.expand (seed 002 GRIP-04 / QRY-05 ExpandGrip): the events around a grip's excerpt. */
export const gripExpandTool = defineTool({
  name: 'grip.expand',
  title: 'Expand a grip',
  description:
    'The evidence behind a TOC bullet: the grip (excerpt, event range, source) and the conversation events around it — `before` ' +
    'events before its start, its own range, `after` events after its end. Context from another session is marked: such an event ' +
    'has new_session=true (and a "--- session ... ---" line in the text), since it may be days apart.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({
    grip_id: z.string().trim().min(1).max(100).describe('A grip id from toc.node (bullets cite them) or toc.search.'),
    before: z.number().int().min(0).max(100).default(3).describe('How many events before the grip\'s range to include (0-100, default 3).'),
    after: z.number().int().min(0).max(100).default(3).describe('How many events after the grip\'s range to include (0-100, default 3).'),
    scope: projectScopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.toc.expandGrip(input.grip_id, ctx, { before: input.before, after: input.after, ...(input.scope ? { scope: input.scope } : {}) });
    const starts = new Set(r.sessionStarts);
    const lines = r.events.map((e) => `${starts.has(e.eventId) ? `--- session ${e.sessionId} ---\n` : ''}${renderEvents([e])}`);
    return {
      structured: { grip: gripJson(r.grip), events: r.events.map((e) => ({ ...eventJson(e), new_session: starts.has(e.eventId) })) },
      text: `grip ${r.grip.gripId} (${r.grip.source}): "${r.grip.excerpt}"\n${lines.join('\n')}`,
    };
  },
});
