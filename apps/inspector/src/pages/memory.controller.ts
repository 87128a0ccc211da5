import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import type { MemoryVersion } from '@engram/memory';
import type { InspectorDeps } from '../inspector-deps.js';
import { BadInputError, dateParam, intParam, parseInput, uuidParam } from '../http/bad-input.js';
import { INSPECTOR } from '../tokens.js';
import { memoryPage } from '../views/memory.view.js';
import { operatorContext } from './context.js';

const memoryQuery = z.object({
  asOf: dateParam,
  from: intParam(1, 1_000_000).optional(),
  to: intParam(1, 1_000_000).optional(),
});

/** The gate request of each version → who asked for it (one read per version; histories are short). */
async function requesters(deps: InspectorDeps, versions: MemoryVersion[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const v of versions.slice(-30)) {
    const r = await deps.service.gate.show(v.gateRequestId).catch(() => undefined);
    if (r) out.set(v.gateRequestId, r.requestedBy);
  }
  return out;
}

function pickDiff(versions: MemoryVersion[], from?: number, to?: number): { from: MemoryVersion; to: MemoryVersion } | undefined {
  if (from === undefined || to === undefined) return undefined;
  const a = versions.find((v) => v.version === from);
  const b = versions.find((v) => v.version === to);
  if (!a || !b) throw new BadInputError(`this memory has versions 1..${versions.length}; there is no v${!a ? from : to}`);
  return { from: a, to: b };
}

@Controller()
export class MemoryController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/memories/:id')
  @Header('content-type', 'text/html; charset=utf-8')
  async memory(@Param('id') rawId: string, @Query() raw: Record<string, string>): Promise<string> {
    const id = parseInput(z.object({ id: uuidParam }), { id: rawId }).id;
    const q = parseInput(memoryQuery, raw);
    const ctx = operatorContext();
    const [record, versions, audit, graph, cascades] = await Promise.all([
      this.deps.service.get(id, ctx, { asOf: q.asOf }),
      this.deps.service.history(id, ctx),
      this.deps.audit({ memoryId: id, limit: 200 }),
      this.deps.neighbourhood(id),
      this.deps.service.cascades.list(500),
    ]);
    return memoryPage({
      record, asOf: q.asOf, versions, audit: audit.items, requestedBy: await requesters(this.deps, versions),
      diff: pickDiff(versions, q.from, q.to), graph, cascades: cascades.filter((c) => c.memoryId === id),
    });
  }
}
