import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { LifecycleStats } from '@engram/agents';
import type { InspectorDeps } from '../inspector-deps.js';
import { INSPECTOR } from '../tokens.js';
import { healthPage } from '../views/health.view.js';
import { SnapshotCache } from './snapshot-cache.js';

/*
 * The lifecycle numbers scan every active memory (decay is computed, never stored: ADR-0014), which
 * takes seconds at 100k. The page shows a snapshot at most a minute old, refreshed in the background.
 */
const STATS_MAX_AGE_MS = 60_000;

@Controller()
export class HealthController {
  private readonly stats: SnapshotCache<LifecycleStats>;

  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {
    this.stats = new SnapshotCache(() => deps.stats(), STATS_MAX_AGE_MS);
    // Take the first snapshot now, so the first visit does not wait for it.
    void this.stats.get().catch(() => undefined);
  }

  @Get('/health')
  @Header('content-type', 'text/html; charset=utf-8')
  async health(): Promise<string> {
    // The health report never throws; the lifecycle numbers may (a table missing mid-migration): show the rest.
    const [health, stats, counts, created, throughput] = await Promise.all([
      this.deps.health(), this.stats.get().then((s) => ({ s }), (e: unknown) => ({ e: e instanceof Error ? e.message : String(e) })),
      this.deps.memoryCounts(), this.deps.createdPerDay(30), this.deps.throughput(14),
    ]);
    return healthPage({ health, stats: 's' in stats ? stats.s.value : undefined, statsTakenAt: 's' in stats ? stats.s.takenAt : undefined, statsTookMs: 's' in stats ? stats.s.tookMs : undefined, statsError: 'e' in stats ? stats.e : undefined, counts, created, throughput });
  }
}
