import { Body, Controller, Get, Header, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { InspectorDeps } from '../inspector-deps.js';
import { BadInputError, optionalText, parseInput, uuidParam } from '../http/bad-input.js';
import { INSPECTOR } from '../tokens.js';
import { auditPage } from '../views/audit.view.js';
import { gateListPage, gateRequestPage, payloadOf } from '../views/gate.view.js';
import { operatorContext, reviewerName } from './context.js';

const listQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'committed', 'noop'], { message: 'status must be pending, approved, rejected, committed or noop' }).default('pending'),
});
const auditQuery = z.object({
  action: optionalText(40), reviewer: optionalText(200), reason: optionalText(200), cursor: optionalText(500),
  memory: z.union([z.literal(''), uuidParam]).optional().transform((v) => v || undefined),
});
const rejectBody = z.object({ reason: z.string().trim().min(1, 'a reason is required').max(500, 'at most 500 characters') });
const idOf = (raw: string) => parseInput(z.object({ id: uuidParam }), { id: raw }).id;

@Controller()
export class GateController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/gate')
  @Header('content-type', 'text/html; charset=utf-8')
  async queue(@Query() raw: Record<string, string>): Promise<string> {
    const { status } = parseInput(listQuery, raw);
    return gateListPage(status, await this.deps.service.gate.list(status, 200));
  }

  @Get('/gate/audit')
  @Header('content-type', 'text/html; charset=utf-8')
  async audit(@Query() raw: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const form = { action: raw.action, reviewer: raw.reviewer, memory: raw.memory, reason: raw.reason };
    try {
      const f = parseInput(auditQuery, raw);
      const page = await this.deps.audit({ action: f.action, reviewerContains: f.reviewer, memoryId: f.memory, reasonContains: f.reason, cursor: f.cursor, limit: 50 });
      return auditPage(form, page);
    } catch (err) {
      const bad = err instanceof BadInputError || (err as { code?: string }).code === 'INVALID_CURSOR';
      if (!bad) throw err;
      void reply.status(400);
      return auditPage(form, undefined, (err as Error).message);
    }
  }

  @Get('/gate/:id')
  @Header('content-type', 'text/html; charset=utf-8')
  async request(@Param('id') raw: string, @Query('done') done?: string): Promise<string> {
    const request = await this.deps.service.gate.show(idOf(raw));
    const p = payloadOf(request).request ?? {};
    const targetId = p.id ?? payloadOf(request).duplicateOf;
    const target = targetId ? await this.deps.service.get(targetId, operatorContext()).catch(() => undefined) : undefined;
    const audit = await this.deps.audit({ requestId: request.id, limit: 100 });
    const flash = done === 'approved' ? 'Approved: the write went through the gate.' : done === 'rejected' ? 'Rejected: the reason is in the audit trail.' : undefined;
    return gateRequestPage({ request, target, audit: audit.items, flash });
  }

  /** Approve through the same use case as `engram gate approve` (audited with this reviewer). */
  @Post('/gate/:id/approve')
  async approve(@Param('id') raw: string, @Res() reply: FastifyReply): Promise<void> {
    const id = idOf(raw);
    await this.deps.service.gate.approve(id, reviewerName());
    void reply.status(303).header('location', `/gate/${id}?done=approved`).send();
  }

  /** Reject with a reason through the same use case as `engram gate reject --reason`. */
  @Post('/gate/:id/reject')
  async reject(@Param('id') raw: string, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const id = idOf(raw);
    const { reason } = parseInput(rejectBody, body);
    await this.deps.service.gate.reject(id, reviewerName(), reason);
    void reply.status(303).header('location', `/gate/${id}?done=rejected`).send();
  }
}
