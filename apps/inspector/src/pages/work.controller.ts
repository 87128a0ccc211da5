import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import type { InspectorDeps } from '../inspector-deps.js';
import { optionalText, parseInput } from '../http/bad-input.js';
import { INSPECTOR } from '../tokens.js';
import { chainPage, prdPage, workPage } from '../views/work.view.js';
import { operatorContext } from './context.js';

const idParam = z.object({ id: z.string().min(1).max(200) });

@Controller()
export class WorkController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/work')
  @Header('content-type', 'text/html; charset=utf-8')
  async work(@Query() raw: Record<string, string>): Promise<string> {
    const { scope } = parseInput(z.object({ scope: optionalText(200) }), raw);
    const ctx = operatorContext();
    const [prds, chains] = await Promise.all([this.deps.service.prd.list(ctx, { scope, limit: 100 }), this.deps.service.chains.list(ctx, { scope, limit: 100 })]);
    return workPage(scope, prds, chains);
  }

  @Get('/work/prd/:id')
  @Header('content-type', 'text/html; charset=utf-8')
  async prd(@Param('id') raw: string): Promise<string> {
    const { id } = parseInput(idParam, { id: raw });
    const ctx = operatorContext();
    const execution = await this.deps.service.prd.get(id, ctx);
    const [events, decisions] = await Promise.all([this.deps.service.prd.events(id, ctx, { limit: 200 }), this.deps.service.prd.decisions(id, ctx)]);
    return prdPage(execution, events, decisions);
  }

  @Get('/work/chains/:id')
  @Header('content-type', 'text/html; charset=utf-8')
  async chain(@Param('id') raw: string): Promise<string> {
    const { id } = parseInput(idParam, { id: raw });
    const { chain, thoughts } = await this.deps.service.chains.get(id, operatorContext());
    return chainPage(chain, thoughts);
  }
}
