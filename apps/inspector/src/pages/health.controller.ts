import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { InspectorDeps } from '../inspector-deps.js';
import { INSPECTOR } from '../tokens.js';
import { healthPage } from '../views/health.view.js';

@Controller()
export class HealthController {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  @Get('/health')
  @Header('content-type', 'text/html; charset=utf-8')
  async health(): Promise<string> {
    // The health report never throws; the lifecycle numbers may (a table missing mid-migration): show the rest.
    const [health, stats, counts, created, throughput] = await Promise.all([
      this.deps.health(), this.deps.stats().then((s) => ({ s }), (e: unknown) => ({ e: e instanceof Error ? e.message : String(e) })),
      this.deps.memoryCounts(), this.deps.createdPerDay(30), this.deps.throughput(14),
    ]);
    return healthPage({ health, stats: 's' in stats ? stats.s : undefined, statsError: 'e' in stats ? stats.e : undefined, counts, created, throughput });
  }
}
