import { z } from 'zod';
import { pageJson, projectScopeField, renderChildren } from './toc-render.js';
import { defineTool } from './tool-definition.js';

/** toc.root (seed 002 QRY-01 GetTocRoot): the top of the project's time hierarchy. */
export const tocRootTool = defineTool({
  name: 'toc.root',
  title: 'Conversation TOC: root',
  description:
    'The top of the conversation table of contents of this project: its years, each with a title summarising it. Navigate ' +
    'Year > Month > Week > Day > Segment with toc.browse / toc.node, jump with toc.search, read the evidence with grip.expand.',
  readOnly: true,
  uses: 'conversation',
  inputSchema: z.object({ scope: projectScopeField }).strict(),
  async handler(input, { service, ctx }) {
    const page = await service.toc.root(ctx, input.scope);
    return { structured: pageJson(page), text: renderChildren(page) };
  },
});
