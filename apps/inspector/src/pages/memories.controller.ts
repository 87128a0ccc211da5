import { Controller, Get, Header, Inject, Query, Redirect, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { InspectorDeps } from '../inspector-deps.js';
import { BadInputError, checkbox, csvList, optionalText, parseInput } from '../http/bad-input.js';
import { statusOf } from '../http/html-exception.filter.js';
import { INSPECTOR } from '../tokens.js';
import { memoriesPage, type MemoriesForm } from '../views/memories.view.js';
import { operatorContext } from './context.js';

const STATUS = z.enum(['active', 'superseded', 'invalidated', 'archived', 'forgotten']);

const memoriesQuery = z.object({
  q: optionalText(2000),
  mode: z.enum(['hybrid', 'keyword', 'vector'], { message: 'mode must be hybrid, keyword or vector' }).optional(),
  scope: optionalText(200),
  // `types` is the documented name (docs/inspector.md, the form); `type` still works (issue 37:
  // `types=decision` was silently ignored while only `type` was read).
  types: csvList,
  type: csvList,
  tags: csvList,
  status: z.union([z.literal(''), STATUS], { message: 'status must be active, superseded, invalidated, archived or forgotten' }).optional(),
  archived: checkbox,
  cursor: optionalText(500),
});

@Controller()
export class MemoriesController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/')
  @Redirect('/memories', 302)
  home(): void {}

  @Get('/memories')
  @Header('content-type', 'text/html; charset=utf-8')
  async memories(@Query() raw: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const form: MemoriesForm = {
      q: raw.q, mode: raw.mode, scope: raw.scope, types: [raw.types, raw.type].filter(Boolean).join(',') || undefined, tags: raw.tags, status: raw.status, archived: ['on', '1', 'true'].includes(String(raw.archived)),
    };
    try {
      const parsed = parseInput(memoriesQuery, raw);
      const types = [...(parsed.types ?? []), ...(parsed.type ?? [])];
      const f = { ...parsed, type: types.length ? types : undefined };
      if (f.q) {
        const search = await this.deps.service.retrieve(
          { query: f.q, mode: f.mode ?? 'hybrid', scope: f.scope, types: f.type, tags: f.tags, includeArchived: f.archived, topK: 20, maxTokens: 50_000 },
          operatorContext(),
        );
        return memoriesPage(form, { search });
      }
      const list = await this.deps.service.list(
        { scope: f.scope, types: f.type, tags: f.tags, includeArchived: f.archived, statuses: f.status ? [f.status] : undefined, limit: 50, cursor: f.cursor },
        operatorContext(),
      );
      return memoriesPage(form, { list });
    } catch (err) {
      const status = statusOf(err);
      if (!(err instanceof BadInputError) && status !== 400) throw err;
      void reply.status(400);
      return memoriesPage(form, { error: (err as Error).message });
    }
  }
}
