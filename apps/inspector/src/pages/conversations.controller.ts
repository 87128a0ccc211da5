import { Controller, Get, Header, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TocNode } from '@engram/conversation';
import type { InspectorDeps } from '../inspector-deps.js';
import { BadInputError, optionalText, parseInput } from '../http/bad-input.js';
import { statusOf } from '../http/html-exception.filter.js';
import { INSPECTOR } from '../tokens.js';
import { tocNodePage, tocRootPage, type GripExpansion } from '../views/conversations.view.js';
import { operatorContext } from './context.js';

const tocQuery = z.object({ project: optionalText(200), q: optionalText(1000), node: optionalText(300) });
/** Grips expanded inline on one page (each is a few reads). */
const MAX_GRIPS = 12;

@Controller()
export class ConversationsController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/conversations')
  @Header('content-type', 'text/html; charset=utf-8')
  async toc(@Query() raw: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const form = { project: raw.project, q: raw.q };
    try {
      const f = parseInput(tocQuery, raw);
      if (!f.project) return tocRootPage(form, undefined, undefined, undefined, await this.deps.conversationProjects());
      if (f.node) return await this.node(f.project, f.node);
      const toc = this.deps.service.toc;
      if (f.q) return tocRootPage(form, undefined, (await toc.search(f.q, operatorContext(), { scope: f.project, limit: 30 })).hits);
      return tocRootPage(form, await toc.browse(null, operatorContext(), { scope: f.project, limit: 50 }));
    } catch (err) {
      if (!(err instanceof BadInputError) && statusOf(err) !== 400) throw err;
      void reply.status(400);
      return tocRootPage(form, undefined, undefined, (err as Error).message);
    }
  }

  private async node(project: string, nodeId: string): Promise<string> {
    const toc = this.deps.service.toc;
    const ctx = operatorContext();
    const { node, children, grips } = await toc.node(nodeId, ctx, { scope: project, childLimit: 100 });
    const expanded: GripExpansion[] = [];
    for (const g of grips.slice(0, MAX_GRIPS)) expanded.push(await toc.expandGrip(g.gripId, ctx, { scope: project, before: 1, after: 1 }));
    const ancestors: TocNode[] = [];
    for (let parent = node.parentId; parent && ancestors.length < 5; ) {
      const p = (await toc.node(parent, ctx, { scope: project, childLimit: 1 })).node;
      ancestors.unshift(p);
      parent = p.parentId;
    }
    return tocNodePage(project, node, children, expanded, ancestors);
  }
}
